import { useId, useRef, useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMap, IconMapOff, IconUserPlus } from '@tabler/icons-react';
import {
  DETAILS_MAP,
  isAssignable,
  isClientRole,
  PROVIDER_TEXT,
  showsCompletedDate,
  type NearbyProvider,
  type ProjectView,
} from '@siteflow/core';
import { useCan, useSession } from '../../app/session';
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
  const goToPicker = () => {
    pickerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    pickerRef.current?.focus();
  };

  const showPicker = canAssign && assignable;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="section-service-provider" data-testid="project-provider">
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
          ) : !showPicker ? (
            <Grid.Col span={12}>
              <Text size="sm" c="dimmed">
                No service provider is assigned to this project.
              </Text>
            </Grid.Col>
          ) : null}
        </Grid>

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
              !current && !client ? (
                <Stack gap="sm" align="flex-start" data-testid="directions-empty">
                  <Text size="sm">{PROVIDER_TEXT.noProviderAttached}</Text>
                  {showPicker ? (
                    <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={goToPicker}>
                      {PROVIDER_TEXT.assignProvider}
                    </Button>
                  ) : null}
                </Stack>
              ) : (
                <ProjectDirectionMap projectId={project.id} height={DETAILS_MAP.directionsHeight} zoom={DETAILS_MAP.zoom} fitZoomOut={1} version={version} />
              )
            ) : null}
          </div>
        </Stack>

        {current && showsCompletedDate(project.status) ? <RatingsCard projectId={project.id} role={role} /> : null}
      </Stack>
    </Paper>
  );
}
