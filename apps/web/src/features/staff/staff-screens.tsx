import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { STAFF_TEXT } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useStaffFormOptions, useStaffMember } from './api';
import { StaffForm } from './staff-form';

function Crumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to="/staff" size="sm">
        Staff
      </Anchor>
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

export function StaffCreateScreen() {
  const options = useStaffFormOptions();
  return (
    <>
      <Crumbs current="New staff" />
      <PageHeader title={STAFF_TEXT.create} description="They will be emailed a link to set their password." />
      {options.isPending ? <LoadingState label="Loading the form…" /> : null}
      {options.isError ? (
        <ErrorState error={options.error} onRetry={() => void options.refetch()} title="Could not load the form" />
      ) : null}
      {options.data ? <StaffForm options={options.data} /> : null}
    </>
  );
}

export function StaffEditScreen() {
  const { id = '' } = useParams();
  const staff = useStaffMember(id);
  const options = useStaffFormOptions(id);
  const failed = staff.isError ? staff : options.isError ? options : null;
  return (
    <>
      <Crumbs current={staff.data?.full_name ?? 'Edit staff'} />
      <PageHeader title={staff.data ? `Edit ${staff.data.full_name}` : 'Edit staff'} description={staff.data?.email} />
      {failed ? (
        <ErrorState
          error={failed.error}
          onRetry={() => {
            void staff.refetch();
            void options.refetch();
          }}
          title="Could not load the staff member"
        />
      ) : staff.data && options.data ? (
        <StaffForm key={staff.data.id} staff={staff.data} options={options.data} />
      ) : (
        <LoadingState label="Loading the staff member…" />
      )}
    </>
  );
}
