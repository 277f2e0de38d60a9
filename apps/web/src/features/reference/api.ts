import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CategoryInput,
  CategoryView,
  ClassificationInput,
  ClassificationView,
  ServiceInput,
  ServiceView,
  TagView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { projectKeys } from '../projects/api';

type List<T> = { items: T[] };
type Removed = { message: string };

export const referenceKeys = {
  all: ['reference'] as const,
  categories: ['reference', 'categories'] as const,
  services: ['reference', 'services'] as const,
  tags: ['reference', 'tags'] as const,
  classifications: ['reference', 'classifications'] as const,
  /** Which services each category offers (the provider form and search). */
  categoryServices: ['category-services'] as const,
};

/** A reference list's request (the screens', and the app's as it starts on one of them). */
const list = <T>(queryKey: readonly string[], path: string) => ({
  queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<List<T>>(path, undefined, signal),
});
const items = <T>(data: List<T>) => data.items;

export const referenceQueries = {
  categories: list<CategoryView>(referenceKeys.categories, '/api/categories'),
  services: list<ServiceView>(referenceKeys.services, '/api/services'),
  tags: list<TagView>(referenceKeys.tags, '/api/tags'),
  classifications: list<ClassificationView>(referenceKeys.classifications, '/api/classifications'),
};

export const useCategories = () => useQuery({ ...referenceQueries.categories, select: items<CategoryView> });
export const useServices = () => useQuery({ ...referenceQueries.services, select: items<ServiceView> });
export const useTags = () => useQuery({ ...referenceQueries.tags, select: items<TagView> });
export const useClassifications = () =>
  useQuery({ ...referenceQueries.classifications, select: items<ClassificationView> });

/**
 * After any change: the reference lists (a service's name shows in its categories), and the
 * project forms' data, which offers these lists.
 */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: referenceKeys.all }),
      client.invalidateQueries({ queryKey: projectKeys.createData }),
      client.invalidateQueries({ queryKey: referenceKeys.categoryServices }),
    ]);
}

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** Create (no id) or update (id) on one of the reference collections. */
function useSave<Input, View>(base: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Input }) =>
      id ? api.put<View>(path(base, id), body) : api.post<View>(base, body),
    onSuccess: refresh,
  });
}

function useRemove(base: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<Removed>(path(base, id)),
    onSuccess: refresh,
  });
}

export const useSaveCategory = () => useSave<CategoryInput, CategoryView>('/api/categories');
export const useRemoveCategory = () => useRemove('/api/categories');
export const useSaveService = () => useSave<ServiceInput, ServiceView>('/api/services');
export const useRemoveService = () => useRemove('/api/services');
export const useSaveTag = () => useSave<{ name: string }, TagView>('/api/tags');
export const useRemoveTag = () => useRemove('/api/tags');
export const useSaveClassification = () => useSave<ClassificationInput, ClassificationView>('/api/classifications');
export const useRemoveClassification = () => useRemove('/api/classifications');
