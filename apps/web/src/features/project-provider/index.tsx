import { Suspense } from 'react';
import { Paper, Skeleton, Title } from '@mantine/core';
import { DIRECTION_WIDGET, type ProjectView } from '@siteflow/core';
import { lazyPart } from '../../ui/lazy-part';
import { directionMapChunk, providerPartChunk } from './chunks';
import type { ProjectDirectionMapProps } from './direction-map';

const LazyPart = lazyPart(providerPartChunk, (m) => m.ProjectProviderPart);
const LazyDirectionMap = lazyPart(directionMapChunk, (m) => m.ProjectDirectionMap);

/** The service-provider part of the project details screen. */
export function ProjectProviderSection({ project }: { project: ProjectView }) {
  return (
    <Suspense
      fallback={
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="section-service-provider" aria-busy>
          <Title order={2} size="h4" mb="md" id="section-service-provider">
            Service Provider
          </Title>
          <Skeleton h={240} radius="md" />
        </Paper>
      }
    >
      <LazyPart project={project} />
    </Suspense>
  );
}

/** The project direction map widget (spec 2 section 2.8): A, B, route, distance and time. */
export function ProjectDirectionMap(props: ProjectDirectionMapProps) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? DIRECTION_WIDGET.height} radius="md" />}>
      <LazyDirectionMap {...props} />
    </Suspense>
  );
}
export type { ProjectDirectionMapProps };
