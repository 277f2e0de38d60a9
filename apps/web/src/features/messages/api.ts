import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_CHANNELS,
  MESSAGE_TEMPLATE_STATUSES,
  withoutCustomMarker,
  type MessageChannel,
  type MessageTemplateInput,
  type MessageTemplatePage,
  type MessageTemplatePreview,
  type MessageTemplatePreviewInput,
  type MessageTemplateView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery, recordKeys, saveRecord, useRecordQuery } from '../../ui/queries';

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

/** The templates list (the screen, and its first page as the app starts on it). */
export const messageTemplateList = pagedList(
  {
    pageSizes: [20, 50, 100],
    defaultPageSize: 20,
    filters: {
      channel: (v: string) => (MESSAGE_CHANNELS as readonly string[]).includes(v),
      status: (v: string) => (MESSAGE_TEMPLATE_STATUSES as readonly string[]).includes(v),
    },
  },
  ({ page, pageSize, search, channel, status }) => {
    const params: MessageTemplateListParams = { page, pageSize, search, channel, status };
    return pageQuery<MessageTemplatePage>(messageTemplateKeys.list(params), BASE, params);
  },
);

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

/**
 * The templates a task may use (spec 2 section 5): Active ones that are not a task's custom copy,
 * and `current` (the one chosen now) whatever it is; as Select options named without the marker.
 */
export const useOfferedMessageTemplates = (channel: MessageChannel, current: string | null) =>
  useQuery({
    queryKey: [...messageTemplateKeys.lists, 'offered', channel],
    queryFn: () => api.get<MessageTemplatePage>(BASE, { channel, pageSize: 100, page: 1, status: '' }),
    select: (page) =>
      page.items
        .filter((t) => (t.status === 'Active' && !t.original_template_id) || t.id === current)
        .map((t) => ({ value: t.id, label: withoutCustomMarker(t.name) })),
  });
