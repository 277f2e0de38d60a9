import { Avatar, Box, Group, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { ROLE_LABELS, type StaffView } from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { actionsColumn, activeColumn, ActiveToggleAction, StatusFilter } from '../../ui/list-page';
import { countOf, EditAction, FilterSelect, ListScreen, listTexts, NewButton, RowAction } from '../../ui/list-page';
import { USER_ICONS, useListState } from '../../ui/list-page';
import { notifyError, notifySuccess } from '../../ui/notify';
import { usePageQuery } from '../../ui/queries';
import { staffList, useSetStaffActive } from './api';

const ROLE_FILTER = [
  { value: 'all', label: 'All roles' },
  { value: 'company_admin', label: ROLE_LABELS.company_admin },
  { value: 'company_employee', label: ROLE_LABELS.company_employee },
];

const TEXTS = listTexts('staff', {
  description: 'People of your company who use Siteflow.',
  placeholder: 'Name, email, phone or position',
  count: (total) => countOf(total, 'person', 'people'),
  perPageLabel: 'People per page',
  noMatch: () => 'Nobody matches these filters.',
});

const COLUMNS: DataTableColumn<StaffView>[] = [
  {
    accessor: 'full_name',
    title: 'Name',
    noWrap: true,
    render: (m) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={m.profile_picture_path} name={m.full_name} color="initials" radius="xl" size={34} alt="" />
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
  activeColumn({ noWrap: true }),
];

export function StaffListScreen() {
  const session = useSession();
  const canManage = useCan('staff.manage');
  const canViewCertificates = useCan('certificates.view');
  const list = useListState(staffList.config);
  const query = usePageQuery(staffList.query(list.params));
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

  const actions = actionsColumn<StaffView>(
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
        <EditAction name={m.full_name} to={`/staff/${m.id}/edit`} />
        {m.id === session.user?.id ? (
          <Box w={34} />
        ) : (
          <ActiveToggleAction
            name={m.full_name}
            active={m.active}
            icons={USER_ICONS}
            onClick={() => toggleActive(m)}
            // Deactivating asks first; only activating shows the request running.
            loading={!m.active && setActive.isPending && setActive.variables?.id === m.id}
          />
        )}
      </>
    ),
    { hidden: !canManage },
  );

  return (
    <ListScreen<StaffView>
      actions={canManage ? <NewButton to="/staff/new">New staff</NewButton> : null}
      texts={TEXTS}
      list={list}
      query={query}
      filters={
        <>
          <FilterSelect list={list} name="role" label="Role" data={ROLE_FILTER} width={200} />
          <StatusFilter list={list} />
        </>
      }
      columns={[...COLUMNS, actions]}
    />
  );
}
