import { useId, useRef, useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMap, IconMapOff, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DETAILS_MAP,
  isAssignable,
  isClientRole,
  PROVIDER_TEXT,
  showsCompletedDate,
  type NearbyProvider,
  type ProjectView,
} from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { currentProviderOf, positionKey, useDirections } from './api';
import { CurrentProviderCard, TravelInfo } from './current-provider-card';
import { ProjectDirectionMap } from './direction-map';
import { NearbyProvidersPanel } from './nearby-map';
import { ProviderPicker, type Selection } from './provider-picker';
import { RatingsCard } from './ratings-card';

/**
 * The service-provider part of Location of Work (spec 1: Project details screen): nearby providers
 * by distance, the picker and selected-provider card, the current provider with travel and
 * notify, Show/Hide Directions, and the ratings once the project is completed.
 */
export function ProjectProviderPart({ project }: { project: ProjectView }) {
  const session = useSession();
  const role = session.user?.role ?? 'client_account';
  const client = isClientRole(role);
  const canAssign = useCan('projects.assignProvider');
  const canNotify = useCan('projects.notifyProvider');
  const current = currentProviderOf(project);
  const assignable = isAssignable(project.status);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [search, setSearch] = useState('');
  const [directionsOpen, setDirectionsOpen] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const directionsId = useId();
  const version = [current?.id ?? null, positionKey(project)] as const;
  // The current card's travel info and the directions map share one answer.
  const directions = useDirections(project.id, version, Boolean(current) && !client);

  const choose = (p: NearbyProvider) => {
    setSelection({ id: p.id, name: p.service_provider_name });
    setSearch(p.service_provider_name);
    pickerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const showPicker = canAssign && assignable;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="section-service-provider"
      data-testid="project-provider"
    >
      <Title order={2} size="h4" mb="md" id="section-service-provider">
        Service Provider
      </Title>
      <Stack gap="lg">
        {canAssign ? <NearbyProvidersPanel project={project} role={role} onSelect={choose} /> : null}

        <Grid gap="lg">
          {showPicker ? (
            <Grid.Col span={{ base: 12, md: current ? 6 : 12 }}>
              <ProviderPicker
                projectId={project.id}
                current={current}
                selection={selection}
                onSelection={setSelection}
                search={search}
                onSearch={setSearch}
                pickerRef={pickerRef}
              />
            </Grid.Col>
          ) : canAssign ? (
            <Grid.Col span={12}>
              <Text size="sm" c="dimmed">
                {PROVIDER_TEXT.notAssignable}
              </Text>
            </Grid.Col>
          ) : null}
          {current ? (
            <Grid.Col span={{ base: 12, md: showPicker ? 6 : 12 }}>
              <CurrentProviderCard
                key={current.id}
                projectId={project.id}
                provider={current}
                replacing={selection !== null && selection.id !== current.id}
                canNotify={canNotify}
                travel={client ? null : <TravelInfo directions={directions} />}
              />
            </Grid.Col>
          ) : (
            <Grid.Col span={{ base: 12, md: showPicker ? 6 : 12 }}>
              <NoProviderAttached projectId={project.id} canAssign={showPicker} />
            </Grid.Col>
          )}
        </Grid>

        {/* Without a provider there is no route to show: the empty state above says so (client roles still see the project's place). */}
        {current || client ? (
          <Stack gap="sm">
            <Group>
              <Button
                variant="default"
                leftSection={directionsOpen ? <IconMapOff size={16} aria-hidden /> : <IconMap size={16} aria-hidden />}
                onClick={() => setDirectionsOpen((o) => !o)}
                aria-expanded={directionsOpen}
                aria-controls={directionsId}
              >
                {directionsOpen ? PROVIDER_TEXT.hideDirections : PROVIDER_TEXT.showDirections}
              </Button>
            </Group>
            <div id={directionsId}>
              {directionsOpen ? (
                <ProjectDirectionMap
                  projectId={project.id}
                  height={DETAILS_MAP.directionsHeight}
                  zoom={DETAILS_MAP.zoom}
                  fitZoomOut={1}
                  version={version}
                />
              ) : null}
            </div>
          </Stack>
        ) : null}

        {current && showsCompletedDate(project.status) ? <RatingsCard projectId={project.id} role={role} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * Spec 1 (Location of Work) empty state: shown while no provider is attached, where the current
 * provider's card and travel would be. 'Assign Service Provider' opens the assignment map for this
 * project (/projects/{id}/assign-provider), offered only to those who may assign an assignable project.
 */
function NoProviderAttached({ projectId, canAssign }: { projectId: number; canAssign: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="No service provider"
      data-testid="provider-empty"
    >
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="gray" radius="xl" size="lg" aria-hidden>
            <IconUserOff size={18} />
          </ThemeIcon>
          <Text size="sm">{PROVIDER_TEXT.noProviderAttached}</Text>
        </Group>
        {canAssign ? (
          <Button
            component={Link}
            to={`/projects/${projectId}/assign-provider`}
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            {PROVIDER_TEXT.assignProvider}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
