import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useCan } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { ActiveBadge } from '../../ui/list-page';
import { Loaded } from '../../ui/loaded';
import { useClient } from './api';
import { ClientForm } from './client-form';
import { ClientUsersSection } from './client-users';
import { useToggleClientActive } from './use-toggle-active';

export function ClientCreateScreen() {
  return (
    <>
      <BreadcrumbTrail list="Clients" to="/clients" current="New client" />
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
      <BreadcrumbTrail list="Clients" to="/clients" current={data?.trading_name ?? 'Client'} />
      <PageHeader
        title={data ? (canManage ? `Edit ${data.trading_name}` : data.trading_name) : 'Client'}
        description={
          data ? (
            <Group gap="sm">
              <ActiveBadge active={data.active} />
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
      <Loaded query={client} loading="Loading the client…" errorTitle="Could not load the client">
        {(data) => (
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
        )}
      </Loaded>
    </>
  );
}
