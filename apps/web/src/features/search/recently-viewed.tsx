import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Button, Group, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SEARCH_TEXT, type RecentlyViewedItem } from '@siteflow/core';
import { DateTimeCell } from '../../ui/date-time-cell';
import { notifyError } from '../../ui/notify';
import { EmptyTableRow } from '../../ui/empty-table-row';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { ProjectStatusBadge } from '../../ui/project-status-badge';
import { useForgetRecentlyViewed, useRecentlyViewed } from './api';

type RecentlyViewedProps = { opened: boolean; onClose: () => void };

export function RecentlyViewedModal({ opened, onClose }: RecentlyViewedProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Recently viewed projects" size="90rem" yOffset="5vh" returnFocus>
      {opened ? <RecentlyViewedBody onClose={onClose} /> : null}
    </Modal>
  );
}

type Renderer = (row: RecentlyViewedItem, ctx: { onClose: () => void; remove: ReactNode }) => ReactNode;

/** How each column the server names is shown (the server decides which columns a role sees). */
const CELLS: Record<string, Renderer> = {
  'Last Accessed': (r) => <DateTimeCell value={r.last_accessed_date} />,
  'Project No.': (r, { onClose }) => (
    <Anchor component={Link} to={r.project_link} onClick={onClose} fw={600} size="sm">
      {r.project_code}
    </Anchor>
  ),
  Status: (r) => <ProjectStatusBadge status={r.status} size="sm" />,
  Category: (r) => r.category,
  'Order Reference': (r) => r.order_ref,
  'Service Provider': (r) => r.service_provider,
  Client: (r) => r.client,
  'Start Date': (r) => <DateTimeCell value={r.start_date} />,
  'End Date': (r) => <DateTimeCell value={r.end_date} />,
  'Project Manager': (r) => r.project_manager,
  Title: (r) => r.name,
  Location: (r) => r.location_address,
  Compliance: (r) => r.compliance,
  Action: (_r, { remove }) => remove,
};
const NO_WRAP = new Set(['Project No.', 'Status', 'Action']);

function RecentlyViewedBody({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useRecentlyViewed(page, true);
  const forget = useForgetRecentlyViewed();
  const data = query.data;

  // Removing the last row of a later page steps back a page.
  useEffect(() => {
    if (data && data.data.length === 0 && page > 1) setPage(Math.max(1, Math.min(page - 1, data.last_page)));
  }, [data, page]);

  if (query.isPending) return <LoadingState label="Loading recently viewed projects…" />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not load your recently viewed projects"
      />
    );

  const { columns, data: rows } = query.data;
  const remove = (row: RecentlyViewedItem) =>
    forget.mutate(row.id, { onError: (error) => notifyError(error, 'Could not remove it') });

  return (
    <>
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          fz="sm"
          aria-label="Recently viewed projects"
          aria-busy={query.isFetching || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c} style={NO_WRAP.has(c) ? { whiteSpace: 'nowrap' } : undefined}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <EmptyTableRow columns={columns.length} ta="center" py="lg">
                {SEARCH_TEXT.noRecent}
              </EmptyTableRow>
            ) : (
              rows.map((row) => {
                const removeButton = (
                  <Tooltip label="Remove from recently viewed" withArrow>
                    <ActionIcon
                      variant="light"
                      color="red"
                      aria-label={`Remove ${row.project_code} from recently viewed`}
                      loading={forget.isPending && forget.variables === row.id}
                      onClick={() => remove(row)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                );
                return (
                  <Table.Tr key={row.id}>
                    {columns.map((c) => (
                      <Table.Td key={c} style={NO_WRAP.has(c) ? { whiteSpace: 'nowrap' } : undefined}>
                        {CELLS[c]?.(row, { onClose, remove: removeButton }) ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          disabled={page <= 1 || query.isFetching}
          onClick={() => setPage(page - 1)}
        >
          {SEARCH_TEXT.previous}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {query.data.total > 0 ? `Page ${query.data.current_page} of ${query.data.last_page}` : ''}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          disabled={page >= query.data.last_page || query.isFetching}
          onClick={() => setPage(page + 1)}
        >
          {SEARCH_TEXT.next}
        </Button>
      </Group>
    </>
  );
}
