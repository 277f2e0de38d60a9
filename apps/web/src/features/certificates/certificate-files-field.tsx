import { useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Input, List, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload, IconX, type Icon } from '@tabler/icons-react';
import { CERTIFICATE_FILE_MIMES, CERTIFICATE_TEXT, type DocumentFileView } from '@siteflow/core';
import { checkFiles } from './certificate-values';

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

/**
 * The files of the certificate being saved: the saved ones it keeps, the new ones to upload, and
 * the message about them (too many, too large, or the server's).
 */
export function useCertificateFiles(saved: DocumentFileView[]) {
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<DocumentFileView[]>(saved);
  const [error, setError] = useState<string | null>(null);
  const add = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const next = [...files, ...chosen];
    const problem = checkFiles(next, kept.length);
    setError(problem);
    if (!problem) setFiles(next);
  };
  /** Before a save: may these files be sent? If not, the message says why. */
  const check = () => {
    const problem = checkFiles(files, kept.length);
    setError(problem);
    return problem === null;
  };
  return { files, setFiles, kept, setKept, error, setError, add, check };
}

/** The certificate's files: the saved ones kept (on edit), the ones to upload, and the upload button. */
export function CertificateFilesField({
  editing,
  fileListId,
  state: { files, setFiles, kept, setKept, error: fileError, add: addFiles },
}: {
  editing: boolean;
  fileListId: string;
  state: ReturnType<typeof useCertificateFiles>;
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
