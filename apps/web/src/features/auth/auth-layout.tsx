import type { ReactNode } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SETTING_TEXT } from '@siteflow/core';
import { useSession } from '../../session';
import { SiteflowWordmark, TenantLogo } from '../../ui/brand';
import classes from './auth-layout.module.css';

/** The frame of the signed-out screens: the company (or Siteflow) above a card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  const isTenant = session.area === 'tenant';
  return (
    <Box component="main" className={classes.page}>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          <Stack align="center" gap={6}>
            {isTenant && session.tenant.logo_url ? (
              <TenantLogo name={session.tenant.name} url={session.tenant.logo_url} height={56} />
            ) : (
              <SiteflowWordmark size="xl" />
            )}
            {isTenant ? (
              <Text fw={600} size="lg" ta="center" data-testid="auth-company-name">
                {session.tenant.name}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" data-testid="auth-company-name">
                Platform administration
              </Text>
            )}
          </Stack>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle ? (
                  <Text size="sm" c="dimmed">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          <Stack gap={4} align="center">
            <Anchor component={Link} to="/legal" size="sm">
              {SETTING_TEXT.legalHeading}
            </Anchor>
            <Text size="xs" c="dimmed" ta="center">
              Siteflow · project and field-service management
            </Text>
          </Stack>
        </Stack>
      </Center>
    </Box>
  );
}
