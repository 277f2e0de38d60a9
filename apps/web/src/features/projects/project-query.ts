import { PROJECT_TEXT, type ProjectView } from '@siteflow/core';
import { ApiError, api, errorMessage } from '../../api/client';

/**
 * The project's query keys and its view's request, apart from the screens' hooks (api.ts) so that
 * the app's start can ask for a project without the details screen's code (detail-prefetch.ts).
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  createData: ['projects', 'create-data'] as const,
  lookup: (q: string, exclude?: number) => ['projects', 'lookup', q, exclude ?? null] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
};

/** The client's own fallback for a failure the server did not explain (it is not a server message). */
const UNEXPLAINED = errorMessage(null);

/**
 * A load failure as the project screens report it: the server's message when it gave one,
 * else the screen's own text (spec 1 section 8).
 */
export function loadFailure(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError && error.status > 0 && error.message && error.message !== UNEXPLAINED) return error;
  return new ApiError(error instanceof ApiError ? error.status : 0, fallback);
}

/** The request for one project's view (the details screen's query, and the prefetch as the app starts). */
export const projectQuery = (id: number) => ({
  queryKey: projectKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api
      .get<ProjectView>(`/api/projects/${id}`, undefined, signal)
      .catch((error: unknown) => Promise.reject(loadFailure(error, PROJECT_TEXT.detailsLoadFailed))),
  enabled: Number.isInteger(id) && id > 0,
});
