import { ActionIcon, Anchor, Badge, Button, Group, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import type { CertificateTypeView } from '@siteflow/core';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useCertificateTypes, useDeleteCertificateType } from './api';
import { confirmDeleteType } from './certificate-type-form';

/** Certificate types of the company (company admins): what users and providers must or may hold. */
export function CertificateTypeListScreen() {
  const query = useCertificateTypes();
  const remove = useDeleteCertificateType();
  const items = query.data?.items ?? [];

  const askDelete = (type: CertificateTypeView) =>
    confirmDeleteType(type.name, () =>
      remove.mutate(type.id, {
        onSuccess: (data) => notifySuccess(data?.message || `${type.name} deleted.`),
        onError: (error) => notifyError(error, `${type.name} was not deleted`),
      }),
    );

  return (
    <>
      <PageHeader
        title="Certificate Types"
        description="The certificates users and service providers hold, and which of them are mandatory."
        actions={
          <Button component={Link} to="/certificate-types/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New certificate type
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load the certificate types" />
        ) : (
          <DataTable<CertificateTypeView>
            aria-label="Certificate types"
            minHeight={items.length ? undefined : 220}
            verticalSpacing="sm"
            highlightOnHover
            fetching={query.isFetching}
            records={items}
            noRecordsText="No certificate types yet."
            columns={[
              {
                accessor: 'name',
                title: 'Name',
                render: (t) => (
                  <Anchor component={Link} to={`/certificate-types/${t.id}/edit`} fw={600} size="sm">
                    {t.name}
                  </Anchor>
                ),
              },
              {
                accessor: 'mandatory',
                title: 'Mandatory for',
                render: (t) =>
                  t.mandatory_for_users || t.mandatory_for_providers ? (
                    <Group gap={6}>
                      {t.mandatory_for_users ? (
                        <Badge variant="light" color="blue" style={{ overflow: 'visible' }}>
                          Users
                        </Badge>
                      ) : null}
                      {t.mandatory_for_providers ? (
                        <Badge variant="light" color="grape" style={{ overflow: 'visible' }}>
                          Providers
                        </Badge>
                      ) : null}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Additional
                    </Text>
                  ),
              },
              { accessor: 'fields', title: 'Fields', textAlign: 'right', render: (t) => Object.keys(t.fields).length },
              { accessor: 'files', title: 'Samples', textAlign: 'right', render: (t) => t.files.length },
              {
                accessor: 'active',
                title: 'Status',
                render: (t) => (
                  <Badge color={t.active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
                    {t.active ? 'Active' : 'Inactive'}
                  </Badge>
                ),
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: 'right',
                render: (t) => (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Edit" withArrow>
                      <ActionIcon component={Link} to={`/certificate-types/${t.id}/edit`} variant="light" size="lg" aria-label={`Edit ${t.name}`}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete" withArrow>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${t.name}`}
                        onClick={() => askDelete(t)}
                        loading={remove.isPending && remove.variables === t.id}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
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
