import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectLinkInput, ProjectLinkView } from '@siteflow/core';
import { api } from '../../api/client';

export type ProjectLinkPage = { items: ProjectLinkView[]; total: number; page: number; pageSize: number };
type Saved = { message: string; link: ProjectLinkView };

export const linkKeys = {
  all: (projectId: number) => ['project-links', projectId] as const,
  page: (projectId: number, page: number, pageSize: number) =>
    ['project-links', projectId, 'page', page, pageSize] as const,
  detail: (projectId: number, linkId: string) => ['project-links', projectId, 'detail', linkId] as const,
};

const base = (projectId: number) => `/api/projects/${projectId}/links`;

/** Links per page in the project's panel. */
export const LINKS_PAGE_SIZE = 10;

/** A page of the project's links (the panel's query, and the project page's prefetch as the app starts). */
export const projectLinksQuery = (projectId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: linkKeys.page(projectId, page, pageSize),
    queryFn: ({ signal }) => api.get<ProjectLinkPage>(base(projectId), { page, pageSize }, signal),
  });

export function useProjectLinks(projectId: number, page: number, pageSize: number) {
  return useQuery({ ...projectLinksQuery(projectId, page, pageSize), placeholderData: keepPreviousData });
}

/** The link as saved, read afresh each time the form opens on it. */
export function useProjectLink(projectId: number, linkId: string) {
  return useQuery({
    queryKey: linkKeys.detail(projectId, linkId),
    queryFn: ({ signal }) =>
      api.get<ProjectLinkView>(`${base(projectId)}/${encodeURIComponent(linkId)}`, undefined, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveProjectLink(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId?: string; body: ProjectLinkInput }) =>
      linkId
        ? api.put<Saved>(`${base(projectId)}/${encodeURIComponent(linkId)}`, body)
        : api.post<Saved>(base(projectId), body),
    onSuccess: () => client.invalidateQueries({ queryKey: [...linkKeys.all(projectId), 'page'] }),
  });
}

export function useDeleteProjectLink(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.delete<{ message: string }>(`${base(projectId)}/${encodeURIComponent(linkId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [...linkKeys.all(projectId), 'page'] }),
  });
}
