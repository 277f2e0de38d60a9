import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ActionTakenInput,
  Assignee,
  BulkAssignInput,
  Storyboard,
  StoryboardView,
  TaskChoice,
  TaskHistoryRow,
  TaskInput,
  TaskList,
  TaskView,
} from '@siteflow/core';
import { api } from '../../api/client';

/** The list's filters as sent (the URL's, with the user ids joined by commas). */
export type TaskListParams = Record<string, string | number>;

export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  list: (params: TaskListParams) => ['tasks', 'list', params] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  history: (id: number) => ['tasks', 'history', id] as const,
  choices: (projectId: number, exclude: number | null) => ['tasks', 'choices', projectId, exclude] as const,
  assignees: (projectId: number, actionBy: string | null, staff: string | null) =>
    ['tasks', 'assignees', projectId, actionBy, staff] as const,
};

const taskPath = (id: number) => `/api/tasks/${id}`;
const projectPath = (projectId: number) => `/api/projects/${projectId}/tasks`;

/** The list (all projects: groups; a project: its tasks), page after page for Load more. */
export const useTaskList = (params: TaskListParams) => useInfiniteQuery(taskListQuery(params));

/** The list's request (the screens' hook, and the project page's prefetch as the app starts). */
export const taskListQuery = (params: TaskListParams) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ pageParam, signal }) => api.get<TaskList>('/api/tasks', { ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
    // While the job computes due dates the list asks again every few seconds, so they appear by themselves.
    refetchInterval: (query) => (query.state.data?.pages.some(hasGenerating) ? GENERATING_POLL_MS : false),
  });

const GENERATING_POLL_MS = 3000;
const hasGenerating = (page: TaskList) =>
  page.tasks.some((t) => t.is_generating) || page.groups.some((g) => g.tasks.some((t) => t.is_generating));

/** A project's storyboard as one board or both (the storyboard's query, and the project page's prefetch). */
export const storyboardQuery = (projectId: number, board: Storyboard) =>
  queryOptions({
    queryKey: ['tasks', 'storyboard', projectId, board],
    queryFn: ({ signal }) => api.get<StoryboardView>(`/api/projects/${projectId}/storyboard`, { board }, signal),
  });

export const useTask = (id: number | null) =>
  useQuery({
    queryKey: taskKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TaskView>(taskPath(id ?? 0), undefined, signal),
    enabled: id !== null,
  });

export const useTaskHistory = (id: number) =>
  useQuery({
    queryKey: taskKeys.history(id),
    queryFn: ({ signal }) => api.get<{ items: TaskHistoryRow[] }>(`${taskPath(id)}/history`, undefined, signal),
  });

/** The project's tasks the Completed Task trigger may name (not the task itself). */
export const useTaskChoices = (projectId: number, exclude: number | null) =>
  useQuery({
    queryKey: taskKeys.choices(projectId, exclude),
    queryFn: ({ signal }) =>
      api.get<{ items: TaskChoice[] }>(`${projectPath(projectId)}/choices`, { exclude: exclude ?? undefined }, signal),
  });

/** Users who may be assigned a task of this Action By and Staff Responsible (of a project, or any: 0). */
export const useAssignees = (projectId: number, actionBy: string | null, staff: string | null, enabled = true) =>
  useQuery({
    queryKey: taskKeys.assignees(projectId, actionBy, staff),
    queryFn: ({ signal }) =>
      api.get<{ items: Assignee[] }>(
        '/api/tasks/assignees',
        {
          project_id: projectId,
          action_by: actionBy ?? undefined,
          staff: staff && staff !== 'Any' && staff !== 'All' ? staff : undefined,
        },
        signal,
      ),
    enabled,
  });

/** After a change: the task shows it at once (when given) and the lists are fetched again. */
function useChanged() {
  const client = useQueryClient();
  return (task?: TaskView) => {
    if (task) client.setQueryData(taskKeys.detail(task.id), task);
    return Promise.all([
      client.invalidateQueries({ queryKey: taskKeys.lists }),
      client.invalidateQueries({ queryKey: ['tasks', 'history'] }),
      client.invalidateQueries({ queryKey: ['tasks', 'choices'] }),
    ]);
  };
}

/** Create (no taskId) or update a project task. */
export function useSaveTask(projectId: number, taskId?: number) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: TaskInput) =>
      taskId ? api.put<TaskView>(taskPath(taskId), body) : api.post<TaskView>(projectPath(projectId), body),
    onSuccess: (task) => changed(task),
  });
}

export function useSaveActionTaken(taskId: number) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: ActionTakenInput) => api.put<TaskView>(`${taskPath(taskId)}/action-taken`, body),
    onSuccess: (task) => changed(task),
  });
}

export type TaskTransition = 'complete' | 'restore' | 'void' | 'star';

/** Complete, restore, void or star (toggle) a task; the answer is the task as it now is. */
export function useTaskTransition(taskId: number, transition: TaskTransition) {
  const changed = useChanged();
  return useMutation({
    mutationFn: () => api.post<TaskView>(`${taskPath(taskId)}/${transition}`),
    onSuccess: (task) => changed(task),
  });
}

export function useDeleteTask(taskId: number) {
  const changed = useChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message?: string }>(taskPath(taskId)),
    onSuccess: () => {
      client.removeQueries({ queryKey: taskKeys.detail(taskId) });
      return changed();
    },
  });
}

/** Saves the project's new task order (every id once). */
export function useReorderProjectTasks(projectId: number) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<unknown>(`${projectPath(projectId)}/order`, { ids }),
    onSuccess: () => changed(),
  });
}

/** Project actions answered with a message: recalculate, bulk assign, apply a template. */
export function useProjectTaskAction<Body = undefined>(
  projectId: number,
  action: 'recalculate' | 'assign' | 'apply-template',
) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: Body) =>
      api.post<{ message?: string; count?: number }>(`${projectPath(projectId)}/${action}`, body),
    onSuccess: () => changed(),
  });
}

export const useBulkAssign = (projectId: number) => useProjectTaskAction<BulkAssignInput>(projectId, 'assign');

/** Closes the project (all its tasks done): the page's data is fetched again, the project's status with it. */
export function useCloseProject(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`${projectPath(projectId)}/close-project`),
    onSuccess: () => client.invalidateQueries(),
  });
}
