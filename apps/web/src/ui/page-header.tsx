import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md" wrap="wrap">
      {/* A long name with no spaces (a 255-character project name) wraps instead of widening the page. */}
      <Stack gap={4} miw={0} style={{ overflowWrap: 'anywhere' }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {typeof description === 'string' ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : (
          description
        )}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
