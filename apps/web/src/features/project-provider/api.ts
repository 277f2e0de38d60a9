import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DirectionsView,
  NearbyProviders,
  NotifyProviderResult,
  ProjectProviderView,
  ProjectRatings,
  ProjectView,
  ProviderAssign,
  ProviderOption,
  RatingInput,
} from '@siteflow/core';
import { api } from '../../api/client';
import { useLookup } from '../../api/lookup';
import { projectKeys } from '../projects/api';
import { providerKeys } from '../providers/api';

type RatingKind = 'performance' | 'customer';

/**
 * Everything here hangs under the project's detail key, so invalidating the project refreshes
 * its directions, nearby providers and ratings too. Directions and nearby keys also carry the
 * project's position (and provider), so a location save or a new provider asks again.
 */
export const providerPartKeys = {
  options: providerKeys.optionsFor,
  nearby: (id: number, distance: number, at: string) =>
    [...projectKeys.detail(id), 'nearby-providers', distance, at] as const,
  directionsOf: (id: number) => [...projectKeys.detail(id), 'directions'] as const,
  ratings: (id: number) => [...projectKeys.detail(id), 'ratings'] as const,
  notification: (id: number, notificationId: string) =>
    [...projectKeys.detail(id), 'notification', notificationId] as const,
};

/** The provider on a project, whatever shape the project view has (missing fields get neutral values). */
export function currentProviderOf(project: ProjectView): ProjectProviderView | null {
  const sp = project.service_provider as Partial<ProjectProviderView> | null;
  if (!sp || !sp.id) return null;
  return {
    id: sp.id,
    name: sp.name ?? '',
    sp_users: sp.sp_users ?? '',
    staff: sp.staff ?? [],
    status_code: sp.status_code ?? '',
    status_label: sp.status_label ?? '',
    status_colour: sp.status_colour ?? 'blue',
    phone: sp.phone ?? null,
    email: sp.email ?? null,
    has_location: sp.has_location ?? false,
    sp_location: sp.sp_location ?? null,
    notification: sp.notification ?? null,
  };
}

/** Where the project is, as a cache-key part ('' when not located). */
export const positionKey = (project: ProjectView) =>
  project.co_ords.lat !== null && project.co_ords.long !== null ? `${project.co_ords.lat},${project.co_ords.long}` : '';

/** The picker by trading name, with each provider's staff. */
export const useProviderOptions = (q: string, enabled: boolean) =>
  useLookup<ProviderOption, ReturnType<typeof providerPartKeys.options>>(
    providerPartKeys.options(q),
    '/api/service-providers/options',
    { q },
    enabled,
  );

/** Providers within `distance` km of driving from the project (never asked for client roles). */
export function useNearbyProviders(project: ProjectView, distance: number, enabled: boolean) {
  return useQuery<NearbyProviders, Error, NearbyProviders, ReturnType<typeof providerPartKeys.nearby>>({
    queryKey: providerPartKeys.nearby(project.id, distance, positionKey(project)),
    queryFn: ({ signal }) =>
      api.get<NearbyProviders>(`/api/projects/${project.id}/nearby-providers`, { distance }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAssignProvider(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderAssign) => api.post<ProjectView>(`/api/projects/${projectId}/service-provider`, body),
    onSuccess: (project) => {
      client.setQueryData(projectKeys.detail(projectId), project);
      void client.invalidateQueries({ queryKey: providerPartKeys.directionsOf(projectId) });
      void client.invalidateQueries({ queryKey: providerPartKeys.ratings(projectId) });
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}

export function useNotifyProvider(projectId: number) {
  return useMutation({
    mutationFn: () => api.post<NotifyProviderResult>(`/api/projects/${projectId}/notify-provider`, {}),
  });
}

/** Polls a notification while the queue has not yet delivered it. */
export function useNotification(projectId: number, notification: NotifyProviderResult | null, intervalMs = 1000) {
  return useQuery({
    queryKey: providerPartKeys.notification(projectId, notification?.id ?? ''),
    queryFn: ({ signal }) =>
      api.get<NotifyProviderResult>(
        `/api/projects/${projectId}/notify-provider/${notification!.id}`,
        undefined,
        signal,
      ),
    enabled: Boolean(notification) && notification?.status === 'pending',
    initialData: notification ?? undefined,
    // Ask again at once: the given state may be older than the queue's.
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? intervalMs : false),
  });
}

/**
 * From the provider to the project. `version` (provider id and project position) joins the key, so
 * the screen asks again after an assignment or a location change; widgets may leave it out.
 */
export function useDirections(projectId: number, version: readonly (string | null)[] = [], enabled = true) {
  return useQuery({
    queryKey: [...providerPartKeys.directionsOf(projectId), ...version] as const,
    queryFn: ({ signal }) => api.get<DirectionsView>(`/api/projects/${projectId}/directions`, undefined, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useRatings(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: providerPartKeys.ratings(projectId),
    queryFn: ({ signal }) => api.get<ProjectRatings>(`/api/projects/${projectId}/ratings`, undefined, signal),
    enabled,
  });
}

export function useSaveRating(projectId: number, kind: RatingKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingInput) => api.put<ProjectRatings>(`/api/projects/${projectId}/ratings/${kind}`, body),
    onSuccess: (ratings) => {
      client.setQueryData(providerPartKeys.ratings(projectId), ratings);
    },
  });
}
