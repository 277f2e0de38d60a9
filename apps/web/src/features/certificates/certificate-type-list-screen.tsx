import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CertificateTypeView } from '@siteflow/core';
import { notifyError, notifySuccess } from '../../ui/notify';
import { actionsColumn, ActiveBadge, PagedTable, RowAction } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
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
        <PagedTable<CertificateTypeView>
          label="Certificate types"
          query={query}
          records={items}
          errorTitle="Could not load the certificate types"
          noRecordsText="No certificate types yet."
          emptyHeight={220}
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
              render: (t) => <ActiveBadge active={t.active} />,
            },
            actionsColumn((t) => (
              <>
                <RowAction
                  tooltip="Edit"
                  label={`Edit ${t.name}`}
                  icon={IconPencil}
                  to={`/certificate-types/${t.id}/edit`}
                />
                <RowAction
                  tooltip="Delete"
                  label={`Delete ${t.name}`}
                  icon={IconTrash}
                  color="red"
                  onClick={() => askDelete(t)}
                  loading={remove.isPending && remove.variables === t.id}
                />
              </>
            )),
          ]}
        />
      </Paper>
    </>
  );
}
