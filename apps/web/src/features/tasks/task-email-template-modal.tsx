import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import {
  isCcEmail,
  REVERT_CUSTOM_TEMPLATE,
  TASK_MESSAGE_TEXT,
  type TaskEmailTemplate,
  type TaskEmailTemplateInput,
  type TaskMessagePreview,
} from '@siteflow/core';
import { api, errorMessage } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { VariableList } from '../../ui/rich-text/variable-list';
import { taskKeys } from './api';
import { taskMessageKey } from './task-message-api';
import { chunk, lazyPart } from '../../ui/lazy-part';

const RichTextEditorField = lazyPart(
  chunk(() => import('../../ui/rich-text/rich-text-editor-field')),
  (m) => m.default,
);

type Customised = { template: TaskEmailTemplate; preview: TaskMessagePreview };

/**
 * Edit Template (spec 2 section 2.7): To (read-only), CC, Subject, the rich-text body and the
 * variable list; Save (disabled with an empty subject) makes or updates the task's own copy
 * named with '(Custom Email)'; Revert (a custom copy only) asks 'Are you sure?' and deletes it.
 */
export function TaskEmailTemplateModal({
  taskId,
  to,
  cc,
  onCc,
  opened,
  onClose,
}: {
  taskId: number;
  to: string;
  cc: string[];
  onCc: (cc: string[]) => void;
  opened: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const path = `/api/tasks/${taskId}/email/template`;
  const template = useQuery({
    queryKey: ['tasks', 'email-template', taskId],
    queryFn: () => api.get<TaskEmailTemplate>(path),
    enabled: opened,
  });
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [ccError, setCcError] = useState(false);
  const editor = useRef<Editor | null>(null);
  const lastFocus = useRef<'subject' | 'body'>('body');
  useEffect(() => {
    if (template.data) {
      setSubject(template.data.subject);
      setBody(template.data.body);
    }
  }, [template.data]);

  const done = (r: Customised) => {
    client.setQueryData(['tasks', 'email-template', taskId], r.template);
    client.setQueryData(taskMessageKey(taskId, 'email'), r.preview);
    void client.invalidateQueries({ queryKey: taskKeys.history(taskId) });
    onClose();
  };
  const save = useMutation({
    mutationFn: (input: TaskEmailTemplateInput) => api.put<Customised>(path, input),
    onSuccess: done,
  });
  const revert = useMutation({ mutationFn: () => api.delete<Customised>(path), onSuccess: done });
  const error = save.error ?? revert.error ?? template.error;

  const insert = (text: string) => {
    if (lastFocus.current === 'body' && editor.current) editor.current.chain().focus().insertContent(text).run();
    else setSubject((s) => s + text);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit Template" size="xl" zIndex={400}>
      <Stack gap="md">
        {error && (
          <Alert color="red" title="That did not work">
            {errorMessage(error)}
          </Alert>
        )}
        {template.isLoading ? (
          <Text c="dimmed">Loading...</Text>
        ) : (
          <>
            <TextInput label="To" value={to} readOnly />
            <TagsInput
              label="CC"
              description="Press Enter after each address."
              value={cc}
              onChange={(values) => {
                const valid = values.filter(isCcEmail);
                setCcError(valid.length !== values.length);
                onCc(valid);
              }}
              error={ccError ? TASK_MESSAGE_TEXT.ccInvalid : undefined}
            />
            <TextInput
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              onFocus={() => (lastFocus.current = 'subject')}
              error={subject.trim() ? undefined : TASK_MESSAGE_TEXT.subjectRequired}
            />
            <Suspense fallback={<Text c="dimmed">Loading...</Text>}>
              {template.data && (
                <RichTextEditorField
                  label="Body"
                  value={body}
                  onChange={setBody}
                  headings={[2]}
                  onEditor={(e) => (editor.current = e)}
                  onFocus={() => (lastFocus.current = 'body')}
                  testId="task-email-body"
                />
              )}
            </Suspense>
            <VariableList onInsert={insert} id={`task-${taskId}-variables`} />
          </>
        )}
        <Group justify="space-between">
          <Group>
            {template.data?.custom && (
              <Button
                color="red"
                variant="light"
                loading={revert.isPending}
                onClick={() =>
                  confirmAction({
                    title: REVERT_CUSTOM_TEMPLATE.title,
                    message: REVERT_CUSTOM_TEMPLATE.warning,
                    confirmLabel: 'Revert',
                    onConfirm: () => revert.mutate(),
                  })
                }
              >
                Revert
              </Button>
            )}
          </Group>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!subject.trim() || !template.data}
              loading={save.isPending}
              onClick={() => save.mutate({ subject: subject.trim(), body })}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
