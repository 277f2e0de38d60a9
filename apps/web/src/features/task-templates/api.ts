import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TaskTemplateInput,
  TaskTemplateSummary,
  TaskTemplateView,
  TemplateTaskInput,
  TemplateTaskView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { recordKeys, saveRecord, useRecordQuery } from '../../ui/queries';

export const taskTemplateKeys = recordKeys('task-templates');

const enc = encodeURIComponent;
const BASE = '/api/task-templates';
const templatePath = (id: string) => `${BASE}/${enc(id)}`;

/** The templates list's request (the screen's, and the app's as it starts on the screen). */
export const taskTemplateListQuery = {
  queryKey: taskTemplateKeys.lists,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<{ items: TaskTemplateSummary[] }>(BASE, undefined, signal),
};

export const useTaskTemplates = () => useQuery(taskTemplateListQuery);

export const useTaskTemplate = (id: string) =>
  useRecordQuery<TaskTemplateView>(taskTemplateKeys.detail(id), templatePath(id));

/** After a change: the template's page shows it at once (when given) and the list is fetched again. */
function useChanged() {
  const client = useQueryClient();
  return (template?: TaskTemplateView) => {
    if (template) client.setQueryData(taskTemplateKeys.detail(template.id), template);
    return client.invalidateQueries({ queryKey: taskTemplateKeys.lists });
  };
}

export function useSaveTemplate(id?: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: TaskTemplateInput) => saveRecord<TaskTemplateView>(BASE, id, body),
    onSuccess: (template) => changed(template),
  });
}

export function useDeleteTemplate() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(templatePath(id)),
    onSuccess: () => changed(),
  });
}

/** Create (no taskId) or update a template task; the template is fetched again. */
export function useSaveTemplateTask(templateId: string, taskId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateTaskInput) =>
      saveRecord<TemplateTaskView>(`${templatePath(templateId)}/tasks`, taskId, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: taskTemplateKeys.detail(templateId) }),
        client.invalidateQueries({ queryKey: taskTemplateKeys.lists }),
      ]),
  });
}

export function useDeleteTemplateTask(templateId: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (taskId: string) => api.delete<TaskTemplateView>(`${templatePath(templateId)}/tasks/${enc(taskId)}`),
    onSuccess: (template) => changed(template),
  });
}

/** Saves the tasks' new order (every id once); the answer is the template renumbered. */
export function useReorderTasks(templateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<TaskTemplateView>(`${templatePath(templateId)}/task-order`, { ids }),
    onSuccess: (template) => client.setQueryData(taskTemplateKeys.detail(templateId), template),
  });
}
