import { useState } from 'react';
import { ActionIcon, Box, Group, Image, Paper, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import { CERTIFICATE_TEXT, type DocumentFileView } from '@siteflow/core';

/** The type's sample images one at a time: 'Samples (n)', previous/next and 'i/n'. */
export function SampleCarousel({ files, typeName }: { files: DocumentFileView[]; typeName: string }) {
  const [index, setIndex] = useState(0);
  const count = files.length;
  const current = count ? files[Math.min(index, count - 1)] : undefined;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={CERTIFICATE_TEXT.samples(count)}>
      <Title order={3} size="h5" mb="sm">
        {CERTIFICATE_TEXT.samples(count)}
      </Title>
      {current ? (
        <>
          <Box
            h={260}
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'var(--mantine-color-default-hover)',
              borderRadius: 'var(--mantine-radius-md)',
              overflow: 'hidden',
            }}
          >
            <Image
              src={current.url}
              alt={`Sample ${index + 1} of ${typeName}: ${current.name}`}
              h="100%"
              w="auto"
              fit="contain"
            />
          </Box>
          <Group justify="center" gap="md" mt="sm">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous sample"
              onClick={() => go(-1)}
              disabled={count < 2}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite">
              {CERTIFICATE_TEXT.sampleIndex(index + 1, count)}
            </Text>
            <ActionIcon variant="default" size="lg" aria-label="Next sample" onClick={() => go(1)} disabled={count < 2}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </>
      ) : (
        <Group gap="xs" c="dimmed" py="lg" justify="center">
          <IconPhotoOff size={20} aria-hidden />
          <Text size="sm">{CERTIFICATE_TEXT.noSamples}</Text>
        </Group>
      )}
    </Paper>
  );
}
