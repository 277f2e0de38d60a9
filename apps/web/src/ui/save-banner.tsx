import { Alert, Button, List } from '@mantine/core';

/**
 * What an editor says after Save: a green 'saved' line, or the refusal (the server's message, its
 * field messages as lines, and a Reload button when the copy on screen is out of date). The quote
 * and agreement editors show the same banner.
 */
export type SaveBannerState =
  { kind: 'saved'; text: string } | { kind: 'error'; message: string; lines: string[]; reload: boolean } | null;

export function SaveBanner({
  banner,
  onClose,
  onReload,
  testId,
}: {
  banner: SaveBannerState;
  onClose: () => void;
  onReload: () => void;
  testId?: string;
}) {
  if (!banner) return null;
  if (banner.kind === 'saved')
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onClose}
        data-testid={testId}
      >
        {banner.text}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" role="alert" title={banner.message} data-testid={testId}>
      {banner.lines.length ? (
        <List size="sm" spacing={2}>
          {banner.lines.map((l) => (
            <List.Item key={l}>{l}</List.Item>
          ))}
        </List>
      ) : null}
      {banner.reload ? (
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => {
            onClose();
            onReload();
          }}
        >
          Reload
        </Button>
      ) : null}
    </Alert>
  );
}
