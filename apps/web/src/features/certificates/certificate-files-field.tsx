import { ActionIcon, Button, FileButton, Group, Input, List, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload, IconX, type Icon } from '@tabler/icons-react';
import { CERTIFICATE_FILE_MIMES, CERTIFICATE_TEXT, type DocumentFileView } from '@siteflow/core';

/** One file of a list: its icon and name, and the button that takes it off the list. */
function FileItem({
  icon: FileIcon,
  name,
  removeLabel,
  removeColor,
  onRemove,
}: {
  icon: Icon;
  name: string;
  removeLabel: string;
  removeColor: string;
  onRemove: () => void;
}) {
  return (
    <List.Item>
      <Group gap="xs" wrap="nowrap">
        <FileIcon size={16} aria-hidden />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <ActionIcon variant="subtle" color={removeColor} size="sm" aria-label={removeLabel} onClick={onRemove}>
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
    </List.Item>
  );
}

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
              <FileItem
                key={file.id}
                icon={IconFile}
                name={file.name}
                removeLabel={`Remove ${file.name}`}
                removeColor="red"
                onRemove={() => setKept((list) => list.filter((f) => f.id !== file.id))}
              />
            ))}
          </List>
        ) : null}
        {files.length ? (
          <List spacing={4} listStyleType="none" aria-label="Files to upload" id={fileListId}>
            {files.map((file, index) => (
              <FileItem
                key={`${file.name}-${index}`}
                icon={IconUpload}
                name={file.name}
                removeLabel={`Do not upload ${file.name}`}
                removeColor="gray"
                onRemove={() => setFiles((list) => list.filter((_, i) => i !== index))}
              />
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
