import { useState } from 'react';
import { Button, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PROVIDER_TEXT, SEARCH_MAP, type ProviderSearchResponse, type ProviderSearchResult } from '@siteflow/core';
import { useCan } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useAssignProvider } from './api';
import { SearchResult } from './search-result';
import type { SearchFilters } from './search-filters';

type Project = NonNullable<ProviderSearchResponse['project']>;

/** The result list beside the map: nearest first, 'Show more', and Assign in assignment mode. */
export function Results({
  data,
  project,
  fetching,
  filters,
  selectedId,
  onSelect,
  cards,
  onShowMore,
}: {
  /** Load the next nearest providers; null when all are shown. */
  onShowMore: (() => void) | null;
  data: ProviderSearchResponse | undefined;
  /** The chosen project as the response describes it (null in manual mode). */
  project: Project | null;
  fetching: boolean;
  filters: SearchFilters;
  selectedId: string | null;
  onSelect: (id: string) => void;
  cards: Map<string, HTMLDivElement>;
}) {
  const navigate = useNavigate();
  const canAssign = useCan('projects.assignProvider');
  const assign = useAssignProvider(project?.id ?? 0);
  const [sendEmail, setSendEmail] = useState<Record<string, boolean>>({});
  const offerAssign = Boolean(canAssign && data?.abilities.assign && project);

  const onAssign = (r: ProviderSearchResult) => {
    if (!project) return;
    const email = sendEmail[r.id] ?? r.send_email;
    const replacing = project.service_provider_id && project.service_provider_id !== r.id;
    const projectLabel = `${project.project_code} ${project.name}`;
    confirmAction({
      title: `Assign ${r.service_provider_name}?`,
      message: (
        <Stack gap="xs">
          <Text size="sm">
            {r.service_provider_name} will be assigned to project <strong>{projectLabel}</strong>
            {r.sp_users.length ? ` with its staff (${r.sp_users.map((u) => u.full_name).join(', ')})` : ''}.
          </Text>
          {replacing ? <Text size="sm">This replaces the project’s current service provider.</Text> : null}
          <Text size="sm">{email ? 'The service provider is sent an e-mail.' : 'No e-mail is sent.'}</Text>
        </Stack>
      ),
      confirmLabel: PROVIDER_TEXT.assignProject,
      danger: false,
      onConfirm: () =>
        assign.mutate(
          { service_provider: r.id, send_email_sp: email, service_provider_staff: r.sp_users.map((u) => u.id) },
          {
            onSuccess: () => {
              notifySuccess(`${r.service_provider_name} is assigned to ${projectLabel}.`, 'Service provider assigned');
              void navigate(`/projects/${project.id}/show`);
            },
            onError: (error) => notifyError(error, 'Could not assign the service provider'),
          },
        ),
    });
  };

  const items = data?.items ?? [];
  const filtered = Boolean(
    filters.project ||
    filters.distance ||
    filters.min_rating ||
    filters.certified ||
    filters.street ||
    filters.suburb ||
    filters.state ||
    filters.postcode ||
    filters.categories.length ||
    filters.start_date ||
    filters.end_date,
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="provider-search-results">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="provider-search-results">
          Results
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="provider-result-count">
          {data
            ? data.total > items.length
              ? `Nearest ${items.length} of ${data.total.toLocaleString('en-AU')}`
              : data.total === 1
                ? '1 service provider'
                : `${data.total.toLocaleString('en-AU')} service providers`
            : fetching
              ? 'Searching…'
              : ''}
        </Text>
      </Group>
      <ScrollArea h={SEARCH_MAP.listScroll} type="auto" offsetScrollbars>
        {!data ? (
          <Stack gap="sm" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Stack gap={4} py="xl" align="center" ta="center">
            <Text fw={600}>{filtered ? 'No service providers match these filters.' : 'No service providers yet.'}</Text>
            {filtered ? (
              <Text size="sm" c="dimmed">
                Try a larger distance, a lower rating or fewer categories.
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Service providers found"
          >
            {items.map((r) => (
              <li key={r.id}>
                <SearchResult
                  result={r}
                  selected={r.id === selectedId}
                  onShowOnMap={() => onSelect(r.id)}
                  cardRef={(el) => {
                    if (el) cards.set(r.id, el);
                    else cards.delete(r.id);
                  }}
                  assign={
                    offerAssign
                      ? {
                          sendEmail: sendEmail[r.id] ?? r.send_email,
                          onSendEmail: (v) => setSendEmail((m) => ({ ...m, [r.id]: v })),
                          onAssign: () => onAssign(r),
                          pending: assign.isPending && assign.variables?.service_provider === r.id,
                          current: project?.service_provider_id === r.id,
                        }
                      : null
                  }
                />
              </li>
            ))}
            {onShowMore ? (
              <li>
                <Button variant="light" fullWidth onClick={onShowMore} loading={fetching}>
                  Show more
                </Button>
              </li>
            ) : null}
          </Stack>
        )}
      </ScrollArea>
    </Paper>
  );
}
