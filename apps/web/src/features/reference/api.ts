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

const list = <T>(path: string) => ({
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<List<T>>(path, undefined, signal),
  select: (data: List<T>) => data.items,
});

export const useCategories = () =>
  useQuery({ queryKey: referenceKeys.categories, ...list<CategoryView>('/api/categories') });
export const useServices = () => useQuery({ queryKey: referenceKeys.services, ...list<ServiceView>('/api/services') });
export const useTags = () => useQuery({ queryKey: referenceKeys.tags, ...list<TagView>('/api/tags') });
export const useClassifications = () =>
  useQuery({ queryKey: referenceKeys.classifications, ...list<ClassificationView>('/api/classifications') });

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
