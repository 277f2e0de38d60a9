import { useEffect, useRef, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';

const FIELD = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled])';

/**
 * A section of the project details screen: a card with its heading and, when allowed, an edit
 * pencil. Entering edit mode moves focus to the form's first field; leaving it brings focus back
 * to the pencil, so keyboard users are not dropped at the top of the page.
 */
export function SectionCard({
  title,
  editLabel,
  onEdit,
  editing = false,
  children,
}: {
  title: string;
  /** The pencil's name ('Edit details'); no pencil without onEdit. */
  editLabel?: string;
  onEdit?: () => void;
  editing?: boolean;
  children: ReactNode;
}) {
  const cardRef = useRef<HTMLDivElement>(null);
  const pencilRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing === wasEditing.current) return;
    wasEditing.current = editing;
    const frame = requestAnimationFrame(() => {
      if (editing) cardRef.current?.querySelector<HTMLElement>(FIELD)?.focus();
      else pencilRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [editing]);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" ref={cardRef}>
      <Group justify="space-between" align="center" mb="md" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {onEdit && editLabel ? (
          <Tooltip label={editLabel} withArrow>
            <ActionIcon ref={pencilRef} variant="light" size="lg" aria-label={editLabel} onClick={onEdit}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

/** A label and its value (a definition list of one term, so any layout may hold it). */
export function ViewField({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <dl style={{ margin: 0 }}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3} mb={2}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {empty ? (
          <Text span size="sm" c="dimmed">
            Not set
          </Text>
        ) : (
          children
        )}
      </Text>
    </dl>
  );
}

/**
 * Pressing the pointer on Save or Cancel leaves focus in the field being edited: its blur would
 * validate it, the error appearing under it would push the button down before the pointer is
 * released, and the click (and so the save with its general message) would be lost.
 */
const keepFocus = (e: React.MouseEvent) => e.preventDefault();

/** Cancel and Save of a section form. */
export function EditActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Group justify="flex-end" gap="sm" mt="lg">
      <Button variant="default" onClick={onCancel} onMouseDown={keepFocus} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" onMouseDown={keepFocus} loading={saving}>
        Save
      </Button>
    </Group>
  );
}

/**
 * The failed save's general message ('Ensure all manadatory fields have been provided.' plus what
 * found no field), at the top of the section's form; brought into view when it appears, since
 * Save is at the bottom of a long form.
 */
export function SaveFailed({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      mb="md"
      title="Not saved"
      data-testid="save-failed"
      style={{ scrollMarginTop: 80 }}
    >
      {message}
    </Alert>
  );
}

/** A section's edit form: the failed save's message at the top, Cancel and Save at the bottom. */
export function SectionEditForm({
  label,
  onSubmit,
  failure,
  onCancel,
  saving,
  children,
}: {
  /** The form's accessible name ('Edit location'). */
  label: string;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  failure: string | null;
  onCancel: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <SaveFailed message={failure} />
      {children}
      <EditActions onCancel={onCancel} saving={saving} />
    </form>
  );
}
