import { Anchor, Box, Container, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime, SETTING_TEXT as T, type LegalList } from '@siteflow/core';
import { api } from '../../api/client';
import { useSession } from '../../session';
import { SiteflowWordmark, TenantLogo } from '../../ui/brand';
import { ErrorState } from '../../ui/query-states';
import { SafeHtml } from '../../ui/safe-html';

export const legalKeys = { all: ['legal'] as const };

/** The area's published legal texts (public: the sign-in page links them). */
export function useLegal() {
  return useQuery({
    queryKey: legalKeys.all,
    queryFn: ({ signal }) => api.get<LegalList>('/api/legal', undefined, signal),
  });
}

/** The section id of a text, for the contents' links (#privacy-policy). */
const anchorOf = (key: string) => `legal-${key}`;

/**
 * Terms and policies (/legal): the legal settings as everyone reads them, signed in or not, each
 * under its title with when it last changed, and a list of contents when there are several. The
 * settings screens (settings.view) are where admins write them; this is where they are shown.
 */
export function LegalScreen() {
  const session = useSession();
  const legal = useLegal();
  const items = legal.data?.items ?? [];
  const signedIn = session.user !== null;
  return (
    <Box component="main" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))" mih="100vh">
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            {session.area === 'tenant' && session.tenant.logo_url ? (
              <TenantLogo name={session.tenant.name} url={session.tenant.logo_url} height={48} />
            ) : (
              <SiteflowWordmark />
            )}
            <Anchor component={Link} to={signedIn ? '/' : '/login'} reloadDocument>
              {signedIn ? T.legalBackSignedIn : T.legalBackSignedOut}
            </Anchor>
          </Group>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1}>{T.legalHeading}</Title>
                <Text c="dimmed">
                  {session.area === 'tenant' ? `${session.tenant.name}. ` : ''}
                  {T.legalIntro}
                </Text>
              </Stack>
              {legal.isPending ? (
                <Stack gap="sm" role="status" aria-label="Loading">
                  <Skeleton h={24} w="40%" />
                  <Skeleton h={120} />
                </Stack>
              ) : legal.isError ? (
                <ErrorState error={legal.error} onRetry={() => void legal.refetch()} />
              ) : items.length === 0 ? (
                <Text role="status">{T.legalEmpty}</Text>
              ) : (
                <>
                  {items.length > 1 ? (
                    <nav aria-label="Contents">
                      <List spacing={4}>
                        {items.map((item) => (
                          <List.Item key={item.key}>
                            <Anchor href={`#${anchorOf(item.key)}`}>{item.title}</Anchor>
                          </List.Item>
                        ))}
                      </List>
                    </nav>
                  ) : null}
                  {items.map((item) => (
                    <Stack
                      key={item.key}
                      gap="xs"
                      component="section"
                      id={anchorOf(item.key)}
                      aria-labelledby={`${anchorOf(item.key)}-title`}
                      style={{ scrollMarginTop: 16 }}
                    >
                      <Title order={2} size="h3" id={`${anchorOf(item.key)}-title`}>
                        {item.title}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {T.lastUpdated} {formatDateTime(item.updated_at)}
                      </Text>
                      <SafeHtml html={item.value} />
                    </Stack>
                  ))}
                </>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
