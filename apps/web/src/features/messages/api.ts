import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MessageTemplateInput,
  MessageTemplatePage,
  MessageTemplatePreview,
  MessageTemplatePreviewInput,
  MessageTemplateView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { recordKeys, saveRecord, usePageQuery, useRecordQuery } from '../../ui/queries';

export const messageTemplateKeys = recordKeys('message-templates');

/** What the list asks the server for (the URL holds the same values; '' is no filter). */
export type MessageTemplateListParams = {
  page: number;
  pageSize: number;
  search: string;
  channel: string;
  status: string;
};

const BASE = '/api/message-templates';
const templatePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const useMessageTemplateList = (params: MessageTemplateListParams) =>
  usePageQuery<MessageTemplatePage>(messageTemplateKeys.list(params), BASE, params);

export const useMessageTemplate = (id: string) =>
  useRecordQuery<MessageTemplateView>(messageTemplateKeys.detail(id), templatePath(id));

export function useSaveMessageTemplate(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTemplateInput) => saveRecord<MessageTemplateView>(BASE, id, body),
    onSuccess: (saved) => {
      client.setQueryData(messageTemplateKeys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: messageTemplateKeys.lists });
    },
  });
}

export function useDeleteMessageTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(templatePath(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: messageTemplateKeys.lists }),
  });
}

/** The template as being edited, filled from a project (optional) and the signed-in user. */
export const usePreviewMessageTemplate = () =>
  useMutation({
    mutationFn: (body: MessageTemplatePreviewInput) => api.post<MessageTemplatePreview>(`${BASE}/preview`, body),
  });
