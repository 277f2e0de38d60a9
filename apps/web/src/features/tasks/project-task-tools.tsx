import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import {
  ACTION_BY,
  canBulkAssign,
  staffFilterOptions,
  TASK_TEXT,
  type ApplyTemplateInput,
  type BulkAssignInput,
} from '@siteflow/core';
import type { z } from 'zod';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { options } from '../../ui/select-options';
import { useTaskTemplates } from '../task-templates/api';
import { useAssignees, useBulkAssign, useProjectTaskAction } from './api';

/**
 * Assign Pending Tasks (spec 2 sections 2.1 and 5): every pending task of an Assigned To and Staff
 * Responsible to one user; Assign is off until all three are chosen (none of them Any).
 */
export function AssignPendingModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [assigned, setAssigned] = useState<string | null>(null);
  const [staff, setStaff] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const users = useAssignees(projectId, assigned, staff, opened && !!assigned);
  const assign = useBulkAssign(projectId);
  const ready = canBulkAssign({ assigned, staff, user_id: userId });

  const submit = () => {
    if (!ready) return;
    assign.mutate({ assigned, staff, user_id: userId } as BulkAssignInput, {
      onSuccess: (data) => {
        notifySuccess(data.message || TASK_TEXT.assignCount.replace('{count}', String(data.count ?? 0)));
        onClose();
      },
      onError: (error) => notifyError(error, 'The tasks were not assigned'),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Assign Pending Tasks" centered>
      <Stack gap="sm">
        <Select
          id={`assign-${projectId}-assigned`}
          label="Assigned To"
          data={options(ACTION_BY)}
          value={assigned}
          onChange={(value) => {
            setAssigned(value);
            setStaff(null);
            setUserId(null);
          }}
        />
        <Select
          id={`assign-${projectId}-staff`}
          label="Staff Responsible"
          data={options(staffFilterOptions(assigned))}
          value={staff}
          disabled={!assigned}
          onChange={(value) => {
            setStaff(value);
            setUserId(null);
          }}
        />
        <Select
          id={`assign-${projectId}-user`}
          label="User"
          data={(users.data?.items ?? []).map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}`.trim() }))}
          value={userId}
          disabled={!assigned}
          searchable
          placeholder={users.isFetching ? TASK_TEXT.loadingUsers : users.isError ? TASK_TEXT.usersError : undefined}
          onChange={setUserId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!ready} loading={assign.isPending} onClick={submit}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A task template chosen and applied to the project (its tasks are added). */
function ApplyTemplate({ projectId }: { projectId: number }) {
  const templates = useTaskTemplates();
  const apply = useProjectTaskAction<z.input<typeof ApplyTemplateInput>>(projectId, 'apply-template');
  const [templateId, setTemplateId] = useState<string | null>(null);
  return (
    <Group gap="xs" align="flex-end">
      <Select
        id={`apply-${projectId}-template`}
        label="Task template"
        data={(templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.title }))}
        value={templateId}
        onChange={setTemplateId}
        placeholder={templates.isPending ? 'Loading...' : 'Choose a template'}
        searchable
      />
      <Button
        variant="default"
        disabled={!templateId}
        loading={apply.isPending}
        onClick={() =>
          templateId &&
          apply.mutate(
            { template_id: templateId },
            {
              onSuccess: (data) => {
                notifySuccess(data.message || TASK_TEXT.templateApplied.replace('{count}', String(data.count ?? 0)));
                setTemplateId(null);
              },
              onError: (error) => notifyError(error, 'The template was not applied'),
            },
          )
        }
      >
        Apply
      </Button>
    </Group>
  );
}

/** The company tools of a project's action list: recalculate, assign pending tasks, apply a template. */
export function ProjectTaskTools({ projectId }: { projectId: number }) {
  const recalculate = useProjectTaskAction(projectId, 'recalculate');
  const [assigning, setAssigning] = useState(false);
  const askRecalculate = () =>
    confirmAction({
      title: 'Recalculate Due Dates',
      message: TASK_TEXT.confirmRecalculate,
      confirmLabel: 'Recalculate',
      danger: false,
      onConfirm: () =>
        // The list is fetched again once the server has queued the recalculation.
        recalculate.mutate(undefined, {
          onSuccess: (data) => notifySuccess(data.message || TASK_TEXT.recalculated),
          onError: (error) => notifyError(error, 'The due dates were not recalculated'),
        }),
    });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Button variant="default" onClick={askRecalculate} loading={recalculate.isPending}>
        Recalculate Due Dates
      </Button>
      <Button variant="default" onClick={() => setAssigning(true)}>
        Assign Pending Tasks
      </Button>
      <ApplyTemplate projectId={projectId} />
      <AssignPendingModal projectId={projectId} opened={assigning} onClose={() => setAssigning(false)} />
    </Group>
  );
}
