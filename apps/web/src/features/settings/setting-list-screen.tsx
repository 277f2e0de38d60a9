import { Anchor, Button, Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlus, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SETTING_TEXT, formatDateTime, formatRelative, type SettingView } from '@siteflow/core';
import { useCan } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useDeleteSetting, useSettings } from './api';
import classes from './settings.module.css';

export function SettingListScreen() {
  const canManage = useCan('settings.manage');
  const query = useSettings();
  const remove = useDeleteSetting();
  const now = new Date();

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

  return (
    <>
      <PageHeader
        title="Legal settings"
        description="Terms, policies and other legal texts shown to users."
        actions={
          canManage ? (
            <Button component={Link} to="/settings/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New setting
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md">
        {query.isPending ? <LoadingState label="Loading settings…" /> : null}
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load settings" />
        ) : null}
        {query.data && query.data.items.length === 0 ? (
          <Group justify="center" py="xl" gap="sm">
            <IconScale size={28} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">No legal settings yet.</Text>
          </Group>
        ) : null}
        {query.data && query.data.items.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Legal settings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Key</Table.Th>
                  <Table.Th scope="col">{SETTING_TEXT.lastUpdated}</Table.Th>
                  <Table.Th scope="col">Updated by</Table.Th>
                  <Table.Th scope="col">
                    <span className={classes.srOnly}>Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Text size="sm" fw={600} ff="monospace">
                        {s.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatRelative(s.updated_at, now)}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(s.updated_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.updated_by ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="md" justify="flex-end" wrap="nowrap" className="row-actions">
                        <Anchor
                          component={Link}
                          to={`/settings/${s.id}/edit`}
                          size="sm"
                          aria-label={`${canManage ? 'Edit' : 'View'} ${s.key}`}
                        >
                          {canManage ? 'Edit' : 'View'}
                        </Anchor>
                        {canManage ? (
                          <UnstyledButton
                            className={classes.removeLink}
                            onClick={() => askRemove(s)}
                            aria-label={`Remove ${s.key}`}
                          >
                            Remove
                          </UnstyledButton>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Paper>
    </>
  );
}
