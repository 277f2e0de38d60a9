import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import {
  IMAGE_COUNT_MESSAGE,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '@siteflow/core';

/** The client-side check of an image upload: jpg/png, under 500 kB. Null when fine. */
export function checkImage(file: File): string | null {
  const name = file.name.toLowerCase();
  const typeOk = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/.test(name);
  if (!typeOk) return IMAGE_TYPE_MESSAGE;
  if (file.size >= IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('too-many-files')) return IMAGE_COUNT_MESSAGE;
  if (codes.includes('file-invalid-type')) return IMAGE_TYPE_MESSAGE;
  if (codes.includes('file-too-large')) return IMAGE_SIZE_MESSAGE;
  return IMAGE_TYPE_MESSAGE;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

type ImageUploadProps = {
  label: string;
  hint: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** The image already saved, shown until a new one is chosen. */
  currentUrl?: string | null;
  /** A server message for the file field. */
  error?: string | null;
  /** Alt text of the preview. */
  previewAlt: string;
  round?: boolean;
  /** Marked required by its label only (the spec's logo); nothing is enforced. */
  withAsterisk?: boolean;
};

/**
 * One image, dropped or chosen with the keyboard/mouse. The visible label is tied to
 * the file input itself so assistive technology (and tests) find it by its label.
 */
export function ImageUpload({
  label,
  hint,
  value,
  onChange,
  currentUrl,
  error,
  previewAlt,
  round,
  withAsterisk,
}: ImageUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [localError, setLocalError] = useState<string | null>(null);
  const openRef = useRef<() => void>(null);
  const previewUrl = useObjectUrl(value);
  const shown = previewUrl ?? currentUrl ?? null;
  const message = localError ?? error ?? null;

  const accept = (files: File[]) => {
    if (files.length > 1) {
      setLocalError(IMAGE_COUNT_MESSAGE);
      return;
    }
    const file = files[0];
    if (!file) return;
    const problem = checkImage(file);
    setLocalError(problem);
    if (!problem) onChange(file);
  };

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: inputId, ...(withAsterisk ? { 'data-asterisk': true } : {}) }}
      description={hint}
      descriptionProps={{ id: hintId }}
      error={message}
      errorProps={{ id: errorId }}
    >
      <Group align="stretch" gap="md" mt={6} wrap="nowrap">
        <Box
          w={112}
          h={112}
          style={{
            flex: '0 0 auto',
            borderRadius: round ? '50%' : 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-default-border)',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'var(--mantine-color-default-hover)',
          }}
        >
          {shown ? (
            <Image src={shown} alt={previewAlt} w="100%" h="100%" fit={round ? 'cover' : 'contain'} />
          ) : (
            <IconPhoto size={36} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
          )}
        </Box>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Dropzone
            onDrop={accept}
            onReject={(rejections) => setLocalError(rejectionMessage(rejections))}
            accept={[...IMAGE_MIME_TYPES]}
            maxSize={IMAGE_MAX_BYTES - 1}
            multiple={false}
            maxFiles={1}
            openRef={openRef}
            // The button below is the keyboard way in; the zone itself is for mouse and drag.
            activateOnKeyboard={false}
            inputProps={{
              id: inputId,
              'aria-label': label,
              'aria-describedby': message ? `${hintId} ${errorId}` : hintId,
            }}
            radius="md"
            p="md"
            style={{ borderColor: message ? 'var(--mantine-color-error)' : undefined }}
          >
            <Group justify="center" gap="sm" mih={60} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={28} stroke={1.5} aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={28} stroke={1.5} aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconPhoto size={28} stroke={1.5} aria-hidden />
              </Dropzone.Idle>
              <div>
                <Text size="sm" fw={500}>
                  Drag an image here or click to choose
                </Text>
                <Text size="xs" c="dimmed">
                  {value ? `Selected: ${value.name}` : 'One file'}
                </Text>
              </div>
            </Group>
          </Dropzone>
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconUpload size={14} aria-hidden />}
              onClick={() => openRef.current?.()}
            >
              Choose image
            </Button>
            {value ? (
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => {
                  onChange(null);
                  setLocalError(null);
                }}
              >
                Remove selected image
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
