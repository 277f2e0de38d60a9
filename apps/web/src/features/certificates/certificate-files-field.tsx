import { ActionIcon, Button, FileButton, Group, Input, List, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { CERTIFICATE_FILE_MIMES, CERTIFICATE_TEXT, type DocumentFileView } from '@siteflow/core';

/** The certificate's files: the saved ones kept (on edit), the ones to upload, and the upload button. */
export function CertificateFilesField({
  editing,
  kept,
  files,
  fileError,
  fileListId,
  addFiles,
  setKept,
  setFiles,
}: {
  editing: boolean;
  kept: DocumentFileView[];
  files: File[];
  fileError: string | null;
  fileListId: string;
  addFiles: (chosen: File[]) => void;
  setKept: (update: (list: DocumentFileView[]) => DocumentFileView[]) => void;
  setFiles: (update: (list: File[]) => File[]) => void;
}) {
  return (
    <Input.Wrapper
      label={CERTIFICATE_TEXT.uploadFiles}
      description="JPG, PNG or PDF, under 5 MB each, 10 at most."
      error={fileError}
    >
      <Stack gap="xs" mt={6}>
        {editing && kept.length ? (
          <List spacing={4} listStyleType="none" aria-label="Saved files" id={`${fileListId}-saved`}>
            {kept.map((file) => (
              <List.Item key={file.id}>
                <Group gap="xs" wrap="nowrap">
                  <IconFile size={16} aria-hidden />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setKept((list) => list.filter((f) => f.id !== file.id))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {files.length ? (
          <List spacing={4} listStyleType="none" aria-label="Files to upload" id={fileListId}>
            {files.map((file, index) => (
              <List.Item key={`${file.name}-${index}`}>
                <Group gap="xs" wrap="nowrap">
                  <IconUpload size={16} aria-hidden />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Do not upload ${file.name}`}
                    onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        <Group>
          <FileButton onChange={addFiles} accept={CERTIFICATE_FILE_MIMES.join(',')} multiple>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                {CERTIFICATE_TEXT.uploadFiles}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
