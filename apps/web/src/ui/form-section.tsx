import type { ReactNode } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * One panel of a form: its heading ('Details'), an optional line under it, then its fields;
 * `landmark` makes it a section of the page.
 */
export function FormSection({
  title,
  description,
  landmark = false,
  children,
}: {
  title: string;
  description?: string;
  landmark?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component={landmark ? 'section' : 'div'}>
      <Title order={2} size="h4" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * The buttons under a form: Cancel (a link back to `cancelTo`, or `onCancel` in a dialog) and the
 * submit button, busy while it saves.
 */
export function FormActions({
  cancelLabel = 'Cancel',
  submitLabel,
  saving,
  ...cancel
}: ({ cancelTo: string } | { onCancel: () => void }) & {
  cancelLabel?: string;
  submitLabel: string;
  saving: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      {'cancelTo' in cancel ? (
        <Button component={Link} to={cancel.cancelTo} variant="default">
          {cancelLabel}
        </Button>
      ) : (
        <Button variant="default" onClick={cancel.onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
