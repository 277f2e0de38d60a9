import type { ReactNode } from 'react';
import { Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { SiteflowWordmark } from './brand';

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
    <Box component="main" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Center mih="100vh" p="md">
        <Stack align="center" gap="lg" maw={480} w="100%">
          <SiteflowWordmark />
          <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%">
            <Stack gap="md" align="flex-start">
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text>{message}</Text>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
