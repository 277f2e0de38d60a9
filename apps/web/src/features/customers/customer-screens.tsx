import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { CUSTOMER_TEXT } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useCustomer } from './api';
import { CustomerForm } from './customer-form';

function Crumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to="/customers" size="sm">
        Customers
      </Anchor>
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

export function CustomerCreateScreen() {
  return (
    <>
      <Crumbs current="New customer" />
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
      <Crumbs current={query.data?.customer_name ?? 'Edit customer'} />
      <PageHeader
        title={query.data ? `Edit ${query.data.customer_name}` : 'Edit customer'}
        description={query.data ? query.data.url : undefined}
      />
      {query.isPending ? <LoadingState label="Loading the customer…" /> : null}
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the customer" />
      ) : null}
      {query.data ? <CustomerForm key={query.data.id} customer={query.data} /> : null}
    </>
  );
}
