import { Suspense, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCertificate, IconMapPin, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatDate, PROVIDER_TEXT, type ProviderView } from '@siteflow/core';
import { useCan } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { StarRating } from '../../ui/star-rating';
import { useProvider } from './api';
import { ProviderUsersSection } from './provider-users';
import { ProviderStatusBadge } from './status';
import { TableScroll } from '../../ui/table-scroll';
import { lazyPart } from '../../ui/lazy-part';
import { providerMapChunk } from './chunks';

const ProviderMap = lazyPart(providerMapChunk, (m) => m.default);

export function Crumbs({ current, provider }: { current: string; provider?: { id: string; name: string } }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to="/service-providers" size="sm">
        Service Providers
      </Anchor>
      {provider ? (
        <Anchor component={Link} to={`/service-providers/show/${provider.id}`} size="sm">
          {provider.name}
        </Anchor>
      ) : null}
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          Not given
        </Text>
      ) : typeof children === 'string' || typeof children === 'number' ? (
        <Text size="sm">{children}</Text>
      ) : (
        children
      )}
    </Stack>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Chips({ items, empty }: { items: { id: string; name: string }[]; empty: string }) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Group gap={6}>
      {items.map((i) => (
        <Badge key={i.id} variant="light" color="gray" tt="none" style={{ overflow: 'visible' }}>
          {i.name}
        </Badge>
      ))}
    </Group>
  );
}

const websiteHref = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

/** /service-providers/show/:id — the provider's record (spec 1: Service provider (details screen)). */
export function ProviderShowScreen() {
  const { id = '' } = useParams();
  const provider = useProvider(id);
  const canManage = useCan('providers.manage');
  const canCertificates = useCan('certificates.view');
  const p = provider.data;

  return (
    <>
      <Crumbs current={p?.service_provider_name ?? 'Service provider'} />
      <PageHeader
        title={p?.service_provider_name ?? 'Service provider'}
        description={
          p ? (
            <Group gap="sm">
              <ProviderStatusBadge label={p.status_label} colour={p.status_colour} size="lg" />
              {p.preferences.postcodes.length || p.preferences.states.length ? (
                <Badge variant="light" color="teal" style={{ overflow: 'visible' }}>
                  {PROVIDER_TEXT.preferred}
                </Badge>
              ) : null}
            </Group>
          ) : undefined
        }
        actions={
          p ? (
            <>
              {canCertificates ? (
                <Button
                  component={Link}
                  to={`/service-providers/${p.id}/certifications`}
                  variant="default"
                  leftSection={<IconCertificate size={16} aria-hidden />}
                >
                  Certifications
                </Button>
              ) : null}
              {canManage && p.abilities.edit ? (
                <Button
                  component={Link}
                  to={`/service-providers/setup/${p.id}/edit`}
                  leftSection={<IconPencil size={16} aria-hidden />}
                >
                  Edit
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <ProviderLoaded provider={provider}>
        {(loaded) => <ProviderDetails provider={loaded} canManage={canManage && loaded.abilities.edit} />}
      </ProviderLoaded>
    </>
  );
}

/** A provider page's body once the provider is loaded; until then the loading state, or the error with Retry. */
export function ProviderLoaded({
  provider,
  children,
}: {
  provider: ReturnType<typeof useProvider>;
  children: (provider: ProviderView) => ReactNode;
}) {
  if (provider.isError) {
    return (
      <ErrorState
        error={provider.error}
        onRetry={() => void provider.refetch()}
        title="Could not load the service provider"
      />
    );
  }
  return provider.data ? children(provider.data) : <LoadingState label="Loading the service provider…" />;
}

function ProviderDetails({ provider: p, canManage }: { provider: ProviderView; canManage: boolean }) {
  const { lat, lng } = p.business_address;
  const located = lat !== null && lng !== null;
  const hasPreferences = p.preferences.postcodes.length > 0 || p.preferences.states.length > 0;

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card title="Contact" id="provider-contact-heading">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Field label="Director">{p.director_name}</Field>
                <Field label="Email">
                  {p.email ? (
                    <Anchor href={`mailto:${p.email}`} size="sm">
                      {p.email}
                    </Anchor>
                  ) : null}
                </Field>
                <Field label="Phone">
                  {p.phone ? (
                    <Anchor href={`tel:${p.phone.replace(/\s+/g, '')}`} size="sm">
                      {p.phone}
                    </Anchor>
                  ) : null}
                </Field>
                <Field label="Website">
                  {p.website ? (
                    <Anchor href={websiteHref(p.website)} target="_blank" rel="noopener noreferrer" size="sm">
                      {p.website}
                    </Anchor>
                  ) : null}
                </Field>
              </SimpleGrid>
            </Card>
            <Card title="Business Address" id="provider-address-heading">
              <Stack gap="sm">
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconMapPin size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                  <Text size="sm">{p.location || 'No address given'}</Text>
                </Group>
                {located ? (
                  <Suspense fallback={<Skeleton height={240} radius="md" />}>
                    <ProviderMap
                      lat={lat}
                      lng={lng}
                      name={p.service_provider_name}
                      address={p.location}
                      colour={p.status_colour}
                    />
                  </Suspense>
                ) : (
                  <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
                    <Group justify="space-between" gap="sm">
                      <Text size="sm" c="dimmed">
                        This provider has no location, so distance searches do not find it.
                      </Text>
                      {canManage ? (
                        <Anchor component={Link} to={`/service-providers/setup/${p.id}/edit`} size="sm" fw={600}>
                          {PROVIDER_TEXT.assignLocation}
                        </Anchor>
                      ) : null}
                    </Group>
                  </Paper>
                )}
              </Stack>
            </Card>
            <Card title="Categories and Services" id="provider-services-heading">
              <Stack gap="md">
                <Field label="Categories">
                  <Chips items={p.categories} empty="No categories" />
                </Field>
                <Field label="Services">
                  <Chips items={p.services} empty="No services" />
                </Field>
              </Stack>
            </Card>
            <Card title="Preferences" id="provider-preferences-heading">
              <Stack gap="md">
                {hasPreferences ? (
                  <Badge variant="light" color="teal" w="fit-content" style={{ overflow: 'visible' }}>
                    {PROVIDER_TEXT.preferred}
                  </Badge>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Field label="Preferred postcodes">{p.preferences.postcodes.join(', ')}</Field>
                  <Field label="Preferred states">{p.preferences.states.join(', ')}</Field>
                </SimpleGrid>
              </Stack>
            </Card>
            <Card title="Availabilities" id="provider-availabilities-heading">
              <Text size="sm" c="dimmed" mb="sm">
                Periods in which the provider is unavailable.
              </Text>
              {p.availabilities.length === 0 ? (
                <Text size="sm">No unavailable periods.</Text>
              ) : (
                <TableScroll label="Unavailable periods" minWidth={420}>
                  <Table striped aria-label="Unavailable periods">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>From</Table.Th>
                        <Table.Th>To</Table.Th>
                        <Table.Th>Note</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.availabilities.map((a) => (
                        <Table.Tr key={a.id}>
                          <Table.Td>{formatDate(a.start_date)}</Table.Td>
                          <Table.Td>{formatDate(a.end_date)}</Table.Td>
                          <Table.Td>{a.note ?? ''}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Card title="Ratings" id="provider-ratings-heading">
              <Stack gap="md">
                <RatingField
                  label={PROVIDER_TEXT.performanceRating}
                  value={p.performance_ratings}
                  count={p.performance_rating_count}
                />
                <RatingField
                  label={PROVIDER_TEXT.customerRating}
                  value={p.customer_ratings}
                  count={p.customer_rating_count}
                />
              </Stack>
            </Card>
            <Card title="Projects" id="provider-projects-heading">
              <SimpleGrid cols={3} spacing="sm" mb="md">
                <Count label={PROVIDER_TEXT.scheduledProjects} value={p.finished_creation} />
                <Count label={PROVIDER_TEXT.completedProjects} value={p.completed_projects} />
                <Count label="All Projects" value={p.project_count} />
              </SimpleGrid>
              <Field label="Last Project">
                {p.last_project ? (
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/projects/${p.last_project.id}/show`} size="sm" fw={600}>
                      {`${p.last_project.project_code} ${p.last_project.name}`}
                    </Anchor>
                    {p.last_project.date ? (
                      <Text size="xs" c="dimmed">
                        {formatDate(p.last_project.date)}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  <Text size="sm">None</Text>
                )}
              </Field>
            </Card>
            {p.notes ? (
              <Card title="Notes" id="provider-notes-heading">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {p.notes}
                </Text>
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <ProviderUsersSection provider={p} canManage={canManage} />
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text fz={28} fw={700} lh={1.2}>
        {value.toLocaleString('en-AU')}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** A rating as stars, with how many ratings make it. */
function RatingField({ label, value, count }: { label: string; value: number | null; count: number }) {
  return (
    <Field label={label}>
      <Group gap="xs">
        <StarRating value={value} label={label} size={20} />
        <Text size="sm" c="dimmed">
          {ratingCount(value, count)}
        </Text>
      </Group>
    </Field>
  );
}

function ratingCount(value: number | null, count: number) {
  if (value === null || count === 0) return 'Not rated yet';
  return `${value.toFixed(1)} from ${count === 1 ? '1 rating' : `${count} ratings`}`;
}
