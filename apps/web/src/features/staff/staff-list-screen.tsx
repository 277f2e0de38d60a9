import { useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Box,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCertificate, IconPencil, IconPlus, IconSearch, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { ROLE_LABELS, type StaffView } from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useSetStaffActive, useStaffList, type StaffListParams } from './api';

const PAGE_SIZES = [10, 20, 50];
const ROLE_FILTER = [
  { value: 'all', label: 'All roles' },
  { value: 'company_admin', label: ROLE_LABELS.company_admin },
  { value: 'company_employee', label: ROLE_LABELS.company_employee },
];
const STATUS_FILTER = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type Filters = { search: string; role: StaffListParams['role']; status: StaffListParams['status'] };

export function StaffListScreen() {
  const session = useSession();
  const canManage = useCan('staff.manage');
  const canViewCertificates = useCan('certificates.view');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<StaffListParams['role']>('');
  const [status, setStatus] = useState<StaffListParams['status']>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useStaffList({ page, pageSize, search: debounced, role, status });
  const setActive = useSetStaffActive();

  // Any change of filter starts again at the first page.
  const filters: Filters = { search: debounced, role, status };
  const [lastFilters, setLastFilters] = useState(filters);
  if (
    lastFilters.search !== filters.search ||
    lastFilters.role !== filters.role ||
    lastFilters.status !== filters.status
  ) {
    setLastFilters(filters);
    setPage(1);
  }

  const toggleActive = (member: StaffView) => {
    const run = () =>
      setActive.mutate(
        { id: member.id, active: !member.active },
        {
          onSuccess: (data) => notifySuccess(data.message),
          onError: (error) => notifyError(error, member.active ? 'Could not deactivate' : 'Could not activate'),
        },
      );
    if (!member.active) return run();
    confirmAction({
      title: `Deactivate ${member.full_name}?`,
      message: `${member.full_name} will no longer be able to sign in, and all of their current sessions will end. You can activate them again later.`,
      confirmLabel: 'Deactivate',
      onConfirm: run,
    });
  };

  const filtered = Boolean(debounced || role || status !== 'all');

  return (
    <>
      <PageHeader
        title="Staff"
        description="People of your company who use Siteflow."
        actions={
          canManage ? (
            <Button component={Link} to="/staff/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New staff
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Group mb="md" align="flex-end" gap="md">
          <TextInput
            label="Search staff"
            placeholder="Name, email, phone or position"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            type="search"
          />
          <Select
            label="Role"
            data={ROLE_FILTER}
            value={role || 'all'}
            onChange={(v) => setRole(v === 'company_admin' || v === 'company_employee' ? v : '')}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <Select
            label="Status"
            data={STATUS_FILTER}
            value={status}
            onChange={(v) => setStatus(v === 'active' || v === 'inactive' ? v : 'all')}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
          {query.data ? (
            <Text size="sm" c="dimmed" ml="auto" aria-live="polite">
              {query.data.total === 1 ? '1 person' : `${query.data.total} people`}
            </Text>
          ) : null}
        </Group>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load staff" />
        ) : (
          <DataTable<StaffView>
            aria-label="Staff"
            minHeight={query.data?.items.length ? undefined : 220}
            verticalSpacing="sm"
            highlightOnHover
            fetching={query.isFetching}
            records={query.data?.items ?? []}
            totalRecords={query.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            recordsPerPage={pageSize}
            recordsPerPageOptions={PAGE_SIZES}
            onRecordsPerPageChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            recordsPerPageLabel="People per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            noRecordsText={filtered ? 'Nobody matches these filters.' : 'No staff yet.'}
            loadingText="Loading staff…"
            columns={[
              {
                accessor: 'full_name',
                title: 'Name',
                noWrap: true,
                render: (m) => (
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      src={m.profile_picture_path}
                      name={m.full_name}
                      color="initials"
                      radius="xl"
                      size={34}
                      alt=""
                    />
                    <Text size="sm" fw={600}>
                      {m.full_name}
                    </Text>
                  </Group>
                ),
              },
              { accessor: 'email', title: 'Email' },
              { accessor: 'phone', title: 'Phone', noWrap: true, render: (m) => m.phone ?? '' },
              { accessor: 'role', title: 'Role', render: (m) => ROLE_LABELS[m.role] },
              { accessor: 'position', title: 'Position', render: (m) => m.position ?? '' },
              {
                accessor: 'active',
                title: 'Status',
                noWrap: true,
                render: (m) => (
                  <Badge color={m.active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
                    {m.active ? 'Active' : 'Inactive'}
                  </Badge>
                ),
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: 'right',
                hidden: !canManage,
                render: (m) => (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {canViewCertificates ? (
                      <Tooltip label="Certifications" withArrow>
                        <ActionIcon
                          component={Link}
                          to={`/users/${m.id}/certifications`}
                          variant="light"
                          color="teal"
                          size="lg"
                          aria-label={`Certifications of ${m.full_name}`}
                        >
                          <IconCertificate size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    <Tooltip label="Edit" withArrow>
                      <ActionIcon
                        component={Link}
                        to={`/staff/${m.id}/edit`}
                        variant="light"
                        size="lg"
                        aria-label={`Edit ${m.full_name}`}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {m.id === session.user?.id ? (
                      <Box w={34} />
                    ) : m.active ? (
                      <Tooltip label="Deactivate" withArrow>
                        <ActionIcon
                          variant="light"
                          color="red"
                          size="lg"
                          aria-label={`Deactivate ${m.full_name}`}
                          onClick={() => toggleActive(m)}
                        >
                          <IconUserOff size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <Tooltip label="Activate" withArrow>
                        <ActionIcon
                          variant="light"
                          color="green"
                          size="lg"
                          aria-label={`Activate ${m.full_name}`}
                          onClick={() => toggleActive(m)}
                          loading={setActive.isPending && setActive.variables?.id === m.id}
                        >
                          <IconUserCheck size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
    </>
  );
}
