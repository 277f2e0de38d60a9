import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_SAMPLE_MAX_COUNT,
  CERTIFICATE_SAMPLE_MIMES,
  CERTIFICATE_TEXT,
  type CertificateTypeView,
} from '@siteflow/core';
import { errorMessage } from '../../api/client';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { Loaded } from '../../ui/loaded';
import { useCertificateType, useDeleteCertificateType, useDeleteSample, useUploadSamples } from './api';
import { CertificateTypeForm, confirmDeleteType } from './certificate-type-form';

/** /certificate-types/new and /certificate-types/{id}/edit (samples and delete once the type exists). */
export function CertificateTypeEditScreen() {
  const { id } = useParams();
  const query = useCertificateType(id);
  const navigate = useNavigate();
  const remove = useDeleteCertificateType();

  if (!id) {
    return (
      <>
        <BreadcrumbTrail list="Certificate Types" to="/certificate-types" current="New certificate type" />
        <PageHeader title="New certificate type" description="Sample images can be added once it is created." />
        <CertificateTypeForm />
      </>
    );
  }

  const type = query.data;
  const askDelete = (t: CertificateTypeView) =>
    confirmDeleteType(t.name, () =>
      remove.mutate(t.id, {
        onSuccess: (data) => {
          notifySuccess(data?.message || `${t.name} deleted.`);
          void navigate('/certificate-types');
        },
        onError: (error) => notifyError(error, `${t.name} was not deleted`),
      }),
    );

  return (
    <>
      <BreadcrumbTrail
        list="Certificate Types"
        to="/certificate-types"
        current={type?.name ?? 'Edit certificate type'}
      />
      <PageHeader
        title={type ? `Edit ${type.name}` : 'Edit certificate type'}
        actions={
          type ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => askDelete(type)}
              loading={remove.isPending}
            >
              Delete certificate type
            </Button>
          ) : null
        }
      />
      <Loaded query={query} loading="Loading the certificate type…" errorTitle="Could not load the certificate type">
        {(loaded) => (
          <Stack gap="lg">
            <CertificateTypeForm key={loaded.id} type={loaded} />
            <SampleImages type={loaded} />
          </Stack>
        )}
      </Loaded>
    </>
  );
}

function SampleImages({ type }: { type: CertificateTypeView }) {
  const upload = useUploadSamples(type.id);
  const remove = useDeleteSample(type.id);
  const [error, setError] = useState<string | null>(null);

  const choose = (files: File[]) => {
    if (!files.length) return;
    const bad = files.find(
      (f) => !(CERTIFICATE_SAMPLE_MIMES as readonly string[]).includes(f.type) && !/\.(jpe?g|png)$/i.test(f.name),
    );
    if (bad) return setError(CERTIFICATE_TEXT.sampleType);
    if (files.some((f) => f.size >= CERTIFICATE_FILE_MAX_BYTES)) return setError(CERTIFICATE_TEXT.fileSize);
    if (type.files.length + files.length > CERTIFICATE_SAMPLE_MAX_COUNT) return setError(CERTIFICATE_TEXT.sampleCount);
    setError(null);
    upload.mutate(files, {
      onSuccess: () =>
        notifySuccess(files.length === 1 ? 'Sample image added.' : `${files.length} sample images added.`),
      onError: (e) => {
        // The server's reason (type, size, count) stays beside the button.
        setError(errorMessage(e));
        notifyError(e, 'The sample images were not added');
      },
    });
  };

  const askRemove = (file: CertificateTypeView['files'][number]) =>
    confirmAction({
      title: `Remove ${file.name}?`,
      message: 'This sample image will no longer be shown with the certificate type.',
      confirmLabel: 'Remove',
      onConfirm: () =>
        remove.mutate(file.id, {
          onSuccess: () => notifySuccess(CERTIFICATE_TEXT.sampleDeleted),
          onError: (e) => notifyError(e, 'The sample image was not removed'),
        }),
    });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="samples-title">
      <Group justify="space-between" mb="md" align="flex-start">
        <Box>
          <Title order={2} size="h4" id="samples-title">
            Sample images
          </Title>
          <Text size="sm" c="dimmed">
            Shown beside the certificates of this type, so people know what to upload.
          </Text>
        </Box>
        <Input.Wrapper error={error}>
          <FileButton onChange={choose} accept={CERTIFICATE_SAMPLE_MIMES.join(',')} multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                Add sample images
              </Button>
            )}
          </FileButton>
        </Input.Wrapper>
      </Group>
      {type.files.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconPhotoOff size={18} aria-hidden />
          <Text size="sm">No sample images yet.</Text>
        </Group>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          {type.files.map((file) => (
            <Stack key={file.id} gap={4}>
              <Image
                src={file.url}
                alt={`Sample: ${file.name}`}
                h={120}
                fit="contain"
                radius="md"
                bg="var(--mantine-color-default-hover)"
              />
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Text size="xs" truncate>
                  {file.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove sample ${file.name}`}
                  onClick={() => askRemove(file)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
