import type { ReactNode } from 'react';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader aria-hidden />
    </Center>
  );
}

export function FullPageMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={480} w="100%">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{message}</Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
