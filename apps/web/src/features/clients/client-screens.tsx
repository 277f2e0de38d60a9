import { Anchor, Badge, Breadcrumbs, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useClient } from './api';
import { ClientForm } from './client-form';
import { ClientUsersSection } from './client-users';
import { useToggleClientActive } from './use-toggle-active';

function Crumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to="/clients" size="sm">
        Clients
      </Anchor>
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

export function ClientCreateScreen() {
  return (
    <>
      <Crumbs current="New client" />
      <PageHeader title="New client" description="Once it is created you can add the client’s users." />
      <ClientForm />
    </>
  );
}

/** /clients/:id/edit: the details, the active state and the users; read-only without clients.manage. */
export function ClientEditScreen() {
  const { id = '' } = useParams();
  const canManage = useCan('clients.manage');
  const client = useClient(id);
  const { toggle, pendingId } = useToggleClientActive();
  const data = client.data;

  return (
    <>
      <Crumbs current={data?.trading_name ?? 'Client'} />
      <PageHeader
        title={data ? (canManage ? `Edit ${data.trading_name}` : data.trading_name) : 'Client'}
        description={
          data ? (
            <Group gap="sm">
              <Badge color={data.active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
                {data.active ? 'Active' : 'Inactive'}
              </Badge>
              <Text size="sm" c="dimmed">
                {data.project_count === 1 ? '1 project' : `${data.project_count} projects`} ·{' '}
                {data.user_count === 1 ? '1 user' : `${data.user_count} users`}
              </Text>
            </Group>
          ) : undefined
        }
        actions={
          data && canManage ? (
            <Button
              variant="light"
              color={data.active ? 'red' : 'green'}
              leftSection={
                data.active ? <IconToggleRight size={16} aria-hidden /> : <IconToggleLeft size={16} aria-hidden />
              }
              loading={pendingId === data.id}
              onClick={() => toggle(data)}
            >
              {data.active ? 'Deactivate' : 'Activate'}
            </Button>
          ) : null
        }
      />
      {client.isError ? (
        <ErrorState error={client.error} onRetry={() => void client.refetch()} title="Could not load the client" />
      ) : data ? (
        <Stack gap="lg">
          {!canManage ? (
            <Paper withBorder radius="lg" p="sm" px="md">
              <Text size="sm" c="dimmed">
                You can view this client; only a company admin can change it.
              </Text>
            </Paper>
          ) : null}
          <ClientForm key={data.id} client={data} readOnly={!canManage} />
          <ClientUsersSection clientId={data.id} canManage={canManage} />
        </Stack>
      ) : (
        <LoadingState label="Loading the client…" />
      )}
    </>
  );
}
