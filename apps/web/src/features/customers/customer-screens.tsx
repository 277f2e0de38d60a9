import { useParams } from 'react-router';
import { CUSTOMER_TEXT } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { Loaded } from '../../ui/loaded';
import { useCustomer } from './api';
import { CustomerForm } from './customer-form';

export function CustomerCreateScreen() {
  return (
    <>
      <BreadcrumbTrail list="Customers" to="/customers" current="New customer" />
      <PageHeader
        title={CUSTOMER_TEXT.create}
        description="Register a company. It gets its own address and an administrator account."
      />
      <CustomerForm />
    </>
  );
}

export function CustomerEditScreen() {
  const { id = '' } = useParams();
  const query = useCustomer(id);
  return (
    <>
      <BreadcrumbTrail list="Customers" to="/customers" current={query.data?.customer_name ?? 'Edit customer'} />
      <PageHeader
        title={query.data ? `Edit ${query.data.customer_name}` : 'Edit customer'}
        description={query.data ? query.data.url : undefined}
      />
      <Loaded query={query} loading="Loading the customer…" errorTitle="Could not load the customer">
        {(customer) => <CustomerForm key={customer.id} customer={customer} />}
      </Loaded>
    </>
  );
}
