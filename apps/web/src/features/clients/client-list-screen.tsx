import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { placeLine, type ClientView } from '@siteflow/core';
import { useCan } from '../../session';
import { actionsColumn, activeColumn, ActiveToggleAction, StatusFilter } from '../../ui/list-page';
import { EditAction, ListScreen, listTexts, NewButton, useListState } from '../../ui/list-page';
import { usePageQuery } from '../../ui/queries';
import { clientList } from './api';
import { useToggleClientActive } from './use-toggle-active';

const TEXTS = listTexts('clients', {
  description: 'The companies you run projects for, and the people of theirs who use Siteflow.',
  placeholder: 'Trading name, email, phone or suburb',
  one: 'client',
});

const COLUMNS: DataTableColumn<ClientView>[] = [
  {
    accessor: 'trading_name',
    title: 'Trading Name',
    render: (c) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {c.trading_name}
        </Text>
        {placeLine(c) ? (
          <Text size="xs" c="dimmed">
            {placeLine(c)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { accessor: 'email', title: 'Email', render: (c) => c.email ?? '' },
  { accessor: 'phone', title: 'Phone', noWrap: true, render: (c) => c.phone ?? '' },
  { accessor: 'user_count', title: 'Users', textAlign: 'right' },
  { accessor: 'project_count', title: 'Projects', textAlign: 'right' },
  activeColumn({ noWrap: true }),
];

export function ClientListScreen() {
  const canManage = useCan('clients.manage');
  const list = useListState(clientList.config);
  const query = usePageQuery(clientList.query(list.params));
  const { toggle, pendingId } = useToggleClientActive();

  const actions = actionsColumn<ClientView>((c) => (
    <>
      <EditAction name={c.trading_name} to={`/clients/${c.id}/edit`} canEdit={canManage} />
      {canManage ? (
        <ActiveToggleAction
          name={c.trading_name}
          active={c.active}
          loading={pendingId === c.id}
          onClick={() => toggle(c)}
        />
      ) : null}
    </>
  ));

  return (
    <ListScreen<ClientView>
      actions={canManage ? <NewButton to="/clients/new">New client</NewButton> : null}
      texts={TEXTS}
      list={list}
      query={query}
      filters={<StatusFilter list={list} />}
      columns={[...COLUMNS, actions]}
    />
  );
}
