import { Anchor, Group, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { SETTING_TEXT, formatDateTime, formatRelative, type SettingView } from '@siteflow/core';
import { useCan } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { actionsColumn, ListScreen, listTexts, NewButton } from '../../ui/list-page';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useDeleteSetting, useSettings } from './api';

/**
 * Remove's red, a darker shade on light backgrounds for contrast. Given as Mantine's colour prop
 * (not a CSS module class, whose order against Mantine's own styles differs in the built app).
 */
const REMOVE_COLOUR = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))';

const TEXTS = listTexts('legal settings', {
  description: 'Terms, policies and other legal texts shown to users.',
  errorTitle: 'Could not load settings',
  loadingText: 'Loading settings…',
});

function columns(now: Date): DataTableColumn<SettingView>[] {
  return [
    {
      accessor: 'key',
      title: 'Key',
      render: (s) => (
        <Text size="sm" fw={600} ff="monospace">
          {s.key}
        </Text>
      ),
    },
    {
      accessor: 'updated_at',
      title: SETTING_TEXT.lastUpdated,
      render: (s) => (
        <>
          <Text size="sm">{formatRelative(s.updated_at, now)}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(s.updated_at)}
          </Text>
        </>
      ),
    },
    { accessor: 'updated_by', title: 'Updated by', render: (s) => <Text size="sm">{s.updated_by ?? '—'}</Text> },
  ];
}

export function SettingListScreen() {
  const canManage = useCan('settings.manage');
  const query = useSettings();
  const remove = useDeleteSetting();

  const askRemove = (setting: SettingView) =>
    confirmAction({
      title: `Remove “${setting.key}”?`,
      message: 'The setting and its text are deleted. This cannot be undone.',
      confirmLabel: 'Remove',
      onConfirm: () =>
        remove.mutate(setting.id, {
          onSuccess: (data) => notifySuccess(data.message || SETTING_TEXT.removed),
          onError: (error) => notifyError(error, 'Could not remove the setting'),
        }),
    });

  // Edit and Remove are the same kind of text link (spec 1: 'edit and remove links'), Remove in red;
  // Remove is a real button, so it takes focus and Enter or Space.
  const verb = canManage ? 'Edit' : 'View';
  const actions = actionsColumn<SettingView>((s) => (
    <Group gap="md" wrap="nowrap">
      <Anchor component={Link} to={`/settings/${s.id}/edit`} size="sm" aria-label={`${verb} ${s.key}`}>
        {verb}
      </Anchor>
      {canManage ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          c={REMOVE_COLOUR}
          onClick={() => askRemove(s)}
          aria-label={`Remove ${s.key}`}
        >
          Remove
        </Anchor>
      ) : null}
    </Group>
  ));

  return (
    <ListScreen<SettingView>
      actions={canManage ? <NewButton to="/settings/new">New setting</NewButton> : null}
      texts={TEXTS}
      query={query}
      columns={[...columns(new Date()), actions]}
      noRecordsIcon={<IconScale size={28} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />}
    />
  );
}
