import { Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFile, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CERTIFICATE_TEXT,
  type CertificateTypeView,
  type CertificateView,
  type CertificationsOfType,
} from '@siteflow/core';
import { notifyError, notifySuccess } from '../../ui/notify';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useCertificationsOfType, useDeleteCertificate } from './api';
import { confirmDeleteCertificate } from './delete-certificate';
import { downloadAll, downloadUrl } from './download';
import { formatDay, formatExpiry } from './format';
import type { CertificateOwner } from './owner';
import { SampleCarousel } from './sample-carousel';
import { ValidityIcon } from './validity';

type Props = {
  owner: CertificateOwner;
  typeId: string;
  onBack: () => void;
  onAdd: () => void;
  onEdit: (certificate: CertificateView) => void;
};

/** One type for one owner: its description, samples, an 'Add New' tile and the owner's certificates of it. */
export function CertificateDetails({ owner, typeId, onBack, onAdd, onEdit }: Props) {
  const query = useCertificationsOfType(owner, typeId);
  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} px={0}>
      {CERTIFICATE_TEXT.back}
    </Button>
  );
  if (query.isError) {
    return (
      <Stack gap="md">
        <Group>{back}</Group>
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Could not load this certificate type"
        />
      </Stack>
    );
  }
  if (!query.data) return <LoadingState label="Loading the certificates…" />;
  return <DetailsBody data={query.data} owner={owner} back={back} onAdd={onAdd} onEdit={onEdit} />;
}

function DetailsBody({
  data,
  owner,
  back,
  onAdd,
  onEdit,
}: {
  data: CertificationsOfType;
  owner: CertificateOwner;
  back: React.ReactNode;
  onAdd: () => void;
  onEdit: (certificate: CertificateView) => void;
}) {
  const { type, certificates, abilities } = data;
  const canManage = abilities.manage;
  const remove = useDeleteCertificate(owner);

  const askDelete = (certificate: CertificateView) =>
    confirmDeleteCertificate(type.name, certificate.expiry, () =>
      remove.mutate(certificate.id, {
        onSuccess: () => notifySuccess(CERTIFICATE_TEXT.deleted),
        onError: (error) => notifyError(error, 'The certificate was not deleted'),
      }),
    );

  return (
    <Stack gap="lg">
      <Group>{back}</Group>
      <Box>
        <Title order={2} size="h3">
          {type.name}
        </Title>
        {type.details ? (
          <Text c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>
            {type.details}
          </Text>
        ) : null}
      </Box>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SampleCarousel files={type.files} typeName={type.name} />
        {canManage ? (
          <UnstyledButton
            onClick={onAdd}
            aria-label={CERTIFICATE_TEXT.addNew(type.name)}
            style={{
              border: '2px dashed var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-lg)',
              minHeight: 160,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
            }}
          >
            <IconPlus size={36} aria-hidden color="var(--mantine-color-blue-6)" />
            <Text fw={600}>{CERTIFICATE_TEXT.addNew(type.name)}</Text>
          </UnstyledButton>
        ) : null}
      </SimpleGrid>
      <Stack gap="md" component="section" aria-label={`${type.name} certificates`}>
        {certificates.length === 0 ? (
          <Text c="dimmed">No {type.name} certificate yet.</Text>
        ) : (
          certificates.map((certificate) => (
            <CertificateCard
              key={certificate.id}
              type={type}
              certificate={certificate}
              canManage={canManage}
              onEdit={() => onEdit(certificate)}
              onDelete={() => askDelete(certificate)}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function fieldText(def: CertificateTypeView['fields'][string], value: unknown): string {
  if (def.type === 'checkbox') return value === true ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '—';
  if (def.type === 'date' && typeof value === 'string') return formatDay(value);
  return String(value);
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Box>
  );
}

function CertificateCard({
  type,
  certificate,
  canManage,
  onEdit,
  onDelete,
}: {
  type: CertificateTypeView;
  certificate: CertificateView;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const title = certificate.name || type.name;
  return (
    <Paper withBorder radius="lg" p="lg" w="100%" component="article" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={3} size="h4">
            {title}
          </Title>
          <ValidityIcon validity={certificate.validity} size={24} />
        </Group>
        {canManage ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={`Edit ${title}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={`Delete ${title}`}
            >
              {CERTIFICATE_TEXT.delete}
            </Button>
          </Group>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Line label="License Number">{certificate.license_number || '—'}</Line>
        <Line label="Issue Date">{formatDay(certificate.issue_date)}</Line>
        <Line label="Expiry">
          {formatExpiry(certificate.expiry)}
          {certificate.validity === 'expired' ? (
            <Text span c="red" fw={600} size="sm">
              {' '}
              (Expired)
            </Text>
          ) : null}
        </Line>
        <Line label="Country">{certificate.country || '—'}</Line>
        {Object.entries(type.fields).map(([key, def]) => (
          <Line key={key} label={def.label}>
            {fieldText(def, certificate.details[key])}
          </Line>
        ))}
      </SimpleGrid>
      {certificate.comments ? (
        <Box mt="sm">
          <Line label="Comments">
            <span style={{ whiteSpace: 'pre-line' }}>{certificate.comments}</span>
          </Line>
        </Box>
      ) : null}
      <Box mt="md">
        <Group justify="space-between" mb={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Files ({certificate.files.length})
          </Text>
          {certificate.files.length ? (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => downloadAll(certificate.files)}
              aria-label={`Download all files of ${title}`}
            >
              Download all
            </Button>
          ) : null}
        </Group>
        {certificate.files.length ? (
          <Stack gap={4}>
            {certificate.files.map((file) => (
              <Group key={file.id} gap="xs" wrap="nowrap">
                <IconFile size={16} aria-hidden />
                <Anchor href={file.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Anchor>
                <Anchor href={downloadUrl(file)} download={file.name} size="xs" aria-label={`Download ${file.name}`}>
                  Download
                </Anchor>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No files.
          </Text>
        )}
      </Box>
    </Paper>
  );
}
