import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { CertificateTypeView } from '@siteflow/core';
import { notifyError, notifySuccess } from '../../ui/notify';
import {
  actionsColumn,
  activeColumn,
  DeleteAction,
  EditAction,
  ListScreen,
  listTexts,
  NewButton,
} from '../../ui/list-page';
import { useCertificateTypes, useDeleteCertificateType } from './api';
import { confirmDeleteType } from './certificate-type-form';

const TEXTS = listTexts('certificate types', {
  title: 'Certificate Types',
  description: 'The certificates users and service providers hold, and which of them are mandatory.',
  errorTitle: 'Could not load the certificate types',
});

const COLUMNS: DataTableColumn<CertificateTypeView>[] = [
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
  activeColumn(),
];

/** Certificate types of the company (company admins): what users and providers must or may hold. */
export function CertificateTypeListScreen() {
  const query = useCertificateTypes();
  const remove = useDeleteCertificateType();

  const askDelete = (type: CertificateTypeView) =>
    confirmDeleteType(type.name, () =>
      remove.mutate(type.id, {
        onSuccess: (data) => notifySuccess(data?.message || `${type.name} deleted.`),
        onError: (error) => notifyError(error, `${type.name} was not deleted`),
      }),
    );

  const actions = actionsColumn<CertificateTypeView>((t) => (
    <>
      <EditAction name={t.name} to={`/certificate-types/${t.id}/edit`} />
      <DeleteAction
        name={t.name}
        onClick={() => askDelete(t)}
        loading={remove.isPending && remove.variables === t.id}
      />
    </>
  ));

  return (
    <ListScreen<CertificateTypeView>
      actions={<NewButton to="/certificate-types/new">New certificate type</NewButton>}
      texts={TEXTS}
      query={query}
      columns={[...COLUMNS, actions]}
    />
  );
}
