import { useParams } from 'react-router';
import { STAFF_TEXT } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { bothQueries, Loaded } from '../../ui/loaded';
import { useStaffFormOptions, useStaffMember } from './api';
import { StaffForm } from './staff-form';

export function StaffCreateScreen() {
  const options = useStaffFormOptions();
  return (
    <>
      <BreadcrumbTrail list="Staff" to="/staff" current="New staff" />
      <PageHeader title={STAFF_TEXT.create} description="They will be emailed a link to set their password." />
      <Loaded query={options} loading="Loading the form…" errorTitle="Could not load the form">
        {(data) => <StaffForm options={data} />}
      </Loaded>
    </>
  );
}

export function StaffEditScreen() {
  const { id = '' } = useParams();
  const staff = useStaffMember(id);
  const options = useStaffFormOptions(id);
  return (
    <>
      <BreadcrumbTrail list="Staff" to="/staff" current={staff.data?.full_name ?? 'Edit staff'} />
      <PageHeader title={staff.data ? `Edit ${staff.data.full_name}` : 'Edit staff'} description={staff.data?.email} />
      <Loaded
        query={bothQueries(staff, options)}
        loading="Loading the staff member…"
        errorTitle="Could not load the staff member"
      >
        {([member, formOptions]) => <StaffForm key={member.id} staff={member} options={formOptions} />}
      </Loaded>
    </>
  );
}
