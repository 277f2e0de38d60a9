import { Avatar, Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconCertificate, IconPencil, IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS, type StaffView } from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { confirmAction } from '../../ui/confirm';
import {
  ACTIVE_STATUS,
  actionsColumn,
  ActiveBadge,
  countOf,
  FilterSelect,
  ListToolbar,
  PagedTable,
  RowAction,
  useListState,
} from '../../ui/list-page';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useSetStaffActive, useStaffList, type StaffListParams } from './api';

const ROLES = ['company_admin', 'company_employee'];
const LIST = {
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  filters: { role: (v: string) => ROLES.includes(v), status: ACTIVE_STATUS.valid },
};
const ROLE_FILTER = [
  { value: 'all', label: 'All roles' },
  { value: 'company_admin', label: ROLE_LABELS.company_admin },
  { value: 'company_employee', label: ROLE_LABELS.company_employee },
];

export function StaffListScreen() {
  const session = useSession();
  const canManage = useCan('staff.manage');
  const canViewCertificates = useCan('certificates.view');
  const list = useListState(LIST);
  const { search, page, pageSize } = list.params;
  const role = list.params.role as StaffListParams['role'];
  const status = (list.params.status || 'all') as StaffListParams['status'];
  const query = useStaffList({ page, pageSize, search, role, status });
  const setActive = useSetStaffActive();

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
        <ListToolbar
          list={list}
          searchLabel="Search staff"
          placeholder="Name, email, phone or position"
          count={countOf(query.data?.total, 'person', 'people')}
        >
          <FilterSelect list={list} name="role" label="Role" data={ROLE_FILTER} width={200} />
          <FilterSelect list={list} name="status" label="Status" data={ACTIVE_STATUS.options} width={180} />
        </ListToolbar>
        <PagedTable<StaffView>
          label="Staff"
          query={query}
          records={query.data?.items}
          total={query.data?.total}
          list={list}
          errorTitle="Could not load staff"
          perPageLabel="People per page"
          noRecordsText={list.filtered ? 'Nobody matches these filters.' : 'No staff yet.'}
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
            { accessor: 'active', title: 'Status', noWrap: true, render: (m) => <ActiveBadge active={m.active} /> },
            actionsColumn(
              (m) => (
                <>
                  {canViewCertificates ? (
                    <RowAction
                      tooltip="Certifications"
                      label={`Certifications of ${m.full_name}`}
                      icon={IconCertificate}
                      color="teal"
                      to={`/users/${m.id}/certifications`}
                    />
                  ) : null}
                  <RowAction
                    tooltip="Edit"
                    label={`Edit ${m.full_name}`}
                    icon={IconPencil}
                    to={`/staff/${m.id}/edit`}
                  />
                  {m.id === session.user?.id ? (
                    <Box w={34} />
                  ) : m.active ? (
                    <RowAction
                      tooltip="Deactivate"
                      label={`Deactivate ${m.full_name}`}
                      icon={IconUserOff}
                      color="red"
                      onClick={() => toggleActive(m)}
                    />
                  ) : (
                    <RowAction
                      tooltip="Activate"
                      label={`Activate ${m.full_name}`}
                      icon={IconUserCheck}
                      color="green"
                      onClick={() => toggleActive(m)}
                      loading={setActive.isPending && setActive.variables?.id === m.id}
                    />
                  )}
                </>
              ),
              { hidden: !canManage },
            ),
          ]}
        />
      </Paper>
    </>
  );
}
