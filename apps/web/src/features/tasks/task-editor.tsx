import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Select, Stack, Tabs, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { newTemplateTask, TASK_TEXT, TaskInput, taskChoiceLabel, type Assignee, type TaskView } from '@siteflow/core';
import { errorMessage } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { focusSoon } from '../../ui/focus';
import { useContractForm } from '../../ui/contract-form';
import { notifySuccess } from '../../ui/notify';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { TaskFields, WallClockPicker, whole, type SharedTaskForm, type SharedTaskValues } from '../task-templates';
import { useAssignees, useDeleteTask, useSaveTask, useTask, useTaskChoices, useTaskTransition } from './api';
import { CYCLES, useCycle } from './cycle';
import { CycleButton, FailureBanner } from './task-form-parts';
import { OutsideTaskView } from './outside-task-view';
import { TaskMessageTab } from './task-message-tab';
import { TaskHistory } from './task-history';

type Values = SharedTaskValues & {
  title: string;
  action_taken: string | null;
  user_id: string | null;
  due_date_at: string | null;
  sms_template: string | null;
};

function initialValues(task: TaskView | undefined): Values {
  if (!task) {
    const { task_index: _index, ...blank } = newTemplateTask([]);
    return {
      ...blank,
      instructions: '',
      trigger_completed_task_id: null,
      action_taken: '',
      user_id: null,
      due_date_at: null,
      sms_template: null,
    };
  }
  const {
    id: _id,
    project_id: _project,
    position: _position,
    status: _status,
    completed_at: _completed,
    is_generating: _generating,
    overdue: _overdue,
    starred: _starred,
    user_name: _user,
    message_problem: _problem,
    project: _head,
    abilities: _abilities,
    trigger_completed_task_id: completedTask,
    ...values
  } = task;
  return {
    ...values,
    // Text areas hold text ('' is sent as null).
    instructions: values.instructions ?? '',
    action_taken: values.action_taken ?? '',
    trigger_completed_task_id: completedTask === null ? null : String(completedTask),
  };
}

function toPayload(values: Values): TaskInput {
  return {
    ...values,
    trigger_completed_task_id: values.trigger_completed_task_id ? Number(values.trigger_completed_task_id) : null,
    actioned_at_days: whole(values.actioned_at_days),
    actioned_at_hours: whole(values.actioned_at_hours),
    actioned_at_mins: whole(values.actioned_at_mins),
    due_date_at: values.is_auto_due_date === false ? values.due_date_at : null,
  };
}

const userLabel = (u: Assignee) => `${u.first_name} ${u.last_name}`.trim();

/** The User picker: who may be assigned for the chosen Action By and Staff Responsible. */
function UserSelect({
  form,
  projectId,
  task,
}: {
  form: ReturnType<typeof useTaskForm>['form'];
  projectId: number;
  task?: TaskView;
}) {
  const v = form.values;
  const users = useAssignees(projectId, v.action_by ?? null, v.staff_responsible ?? null);
  const data = (users.data?.items ?? []).map((u) => ({ value: u.id, label: userLabel(u) }));
  if (task?.user_id && task.user_name && !data.some((o) => o.value === task.user_id))
    data.push({ value: task.user_id, label: task.user_name });
  return (
    <Select
      id={`task-${task?.id ?? 'new'}-user`}
      label="User"
      data={data}
      clearable
      searchable
      placeholder={users.isPending ? TASK_TEXT.loadingUsers : users.isError ? TASK_TEXT.usersError : undefined}
      {...form.getInputProps('user_id')}
    />
  );
}

function useTaskForm(task: TaskView | undefined) {
  return useContractForm(TaskInput, { initial: initialValues(task), toPayload });
}

type FormProps = { projectId: number; task?: TaskView };

/** What is announced once a confirmed change of the task's status has been made. */
const DONE_TEXT = { complete: 'Task completed.', restore: 'Task restored.', void: 'Task voided.' } as const;

/**
 * A project task's editor for company roles (spec 2 sections 2.2 and 4): the template task's
 * fields and rules (TaskFields) with Actions Taken, the User, the manual due date and the
 * Completed Task picker; Save, Complete, Restore, Void and Delete with their label cycles; a red
 * banner when the last action failed; everything but Restore disabled while Voided.
 */
export function TaskForm({ projectId, task }: FormProps) {
  const { form, alert, setAlert, submit, showServerErrors } = useTaskForm(task);
  useUnsavedChangesGuard(form.isDirty());
  const taskId = task?.id ?? 0;
  const save = useSaveTask(projectId, task?.id);
  const complete = useTaskTransition(taskId, 'complete');
  const restore = useTaskTransition(taskId, 'restore');
  const voidTask = useTaskTransition(taskId, 'void');
  const remove = useDeleteTask(taskId);
  const choices = useTaskChoices(projectId, task?.id ?? null);
  const saveCycle = useCycle(CYCLES.save, save.isPending);
  const completeCycle = useCycle(CYCLES.complete, complete.isPending);
  const restoreCycle = useCycle(CYCLES.restore, restore.isPending);
  const v = form.values;
  const prefix = `task-${task?.id ?? 'new'}`;
  const voided = task?.status === 'Voided';
  const failed = (error: unknown) => setAlert(errorMessage(error));
  // After Complete, Restore or Void the pressed button is disabled (then gone, or the fields are
  // locked), so focus moves to the task's form itself and the change is announced.
  const formRef = useRef<HTMLFormElement>(null);
  const [announced, setAnnounced] = useState('');

  // The editor follows the task as the server has it after a change (status, due date, user),
  // unless the user has changed something here.
  const shown = useRef(task);
  useEffect(() => {
    if (shown.current === task) return;
    shown.current = task;
    if (!task || form.isDirty()) return;
    const next = initialValues(task);
    form.setValues(next);
    form.resetDirty(next);
  }, [task, form]);

  const send = submit((payload) => {
    save.mutate(payload, {
      onSuccess: () => {
        saveCycle.succeeded();
        if (!task) {
          // After adding a task a blank form returns.
          const blank = initialValues(undefined);
          form.setValues(blank);
          form.resetDirty(blank);
        } else form.resetDirty();
      },
      onError: (error) => showServerErrors(error),
    });
  });

  const ask = (message: string, confirmLabel: string, run: () => void, danger = false) =>
    confirmAction({ title: 'Please confirm', message, confirmLabel, danger, onConfirm: run });
  const transition = (
    mutation: typeof complete,
    cycle: { succeeded: () => void } | null,
    done: keyof typeof DONE_TEXT,
    message: string,
    label: string,
    danger = false,
  ) =>
    ask(
      message,
      label,
      () => {
        setAlert(null);
        setAnnounced('');
        focusSoon(() => formRef.current);
        mutation.mutate(undefined, {
          onSuccess: () => {
            cycle?.succeeded();
            setAnnounced(DONE_TEXT[done]);
          },
          onError: failed,
        });
      },
      danger,
    );

  const completedTasks = (choices.data?.items ?? []).map((c) => ({ value: String(c.id), label: taskChoiceLabel(c) }));

  return (
    <form
      ref={formRef}
      tabIndex={-1}
      onSubmit={send}
      noValidate
      aria-label={task ? `Task ${task.position}: ${task.title}` : 'New Task'}
    >
      <VisuallyHidden role="status">{announced}</VisuallyHidden>
      <Stack gap="sm">
        <FailureBanner text={alert} />
        <fieldset disabled={voided} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            {voided ? <Alert color="gray">{TASK_TEXT.voidedLocked}</Alert> : null}
            <Grid>
              <Grid.Col span={12}>
                <TextInput id={`${prefix}-title`} label="Title" required {...form.getInputProps('title')} />
              </Grid.Col>
              <TaskFields
                form={form as unknown as SharedTaskForm}
                idPrefix={prefix}
                completedTasks={completedTasks}
                afterPeople={
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <UserSelect form={form} projectId={projectId} task={task} />
                  </Grid.Col>
                }
                dueDate={
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <WallClockPicker
                      id={`${prefix}-due-date`}
                      label="Due date"
                      disabled={v.is_auto_due_date !== false}
                      error={form.errors.due_date_at}
                      value={v.due_date_at}
                      onChange={(value) => form.setFieldValue('due_date_at', value)}
                    />
                  </Grid.Col>
                }
              />
              <Grid.Col span={12}>
                <Textarea
                  id={`${prefix}-action-taken`}
                  label="Actions Taken"
                  rows={3}
                  {...form.getInputProps('action_taken')}
                />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end" gap="sm">
              {task && (task.abilities.delete || remove.isPending) ? (
                <Button
                  color="red"
                  variant="subtle"
                  loading={remove.isPending}
                  onClick={() =>
                    ask(
                      TASK_TEXT.confirmDelete,
                      'Delete',
                      () => {
                        setAlert(null);
                        remove.mutate(undefined, {
                          onSuccess: (data) => notifySuccess(data?.message || 'Task deleted.'),
                          onError: failed,
                        });
                      },
                      true,
                    )
                  }
                >
                  Delete
                </Button>
              ) : null}
              {task && task.abilities.void ? (
                <Button
                  color="gray"
                  variant="light"
                  loading={voidTask.isPending}
                  onClick={() => transition(voidTask, null, 'void', TASK_TEXT.confirmVoid, 'Void', true)}
                >
                  Void
                </Button>
              ) : null}
              {task && (task.abilities.complete || completeCycle.done || complete.isPending) ? (
                <CycleButton
                  color="green"
                  variant="light"
                  cycle={completeCycle}
                  disabled={complete.isPending || completeCycle.done}
                  onClick={() => transition(complete, completeCycle, 'complete', TASK_TEXT.confirmComplete, 'Complete')}
                />
              ) : null}
              <CycleButton type="submit" cycle={saveCycle} disabled={save.isPending} />
            </Group>
          </Stack>
        </fieldset>
        {task && (task.abilities.restore || restoreCycle.done || restore.isPending) ? (
          <Group justify="flex-end">
            <CycleButton
              variant="default"
              cycle={restoreCycle}
              disabled={restore.isPending || restoreCycle.done}
              onClick={() => transition(restore, restoreCycle, 'restore', TASK_TEXT.confirmRestore, 'Restore')}
            />
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** A saved task of a company user: Basic Details, Emails, SMS and History (each fetched when its tab opens). */
function CompanyTaskEditor({ task }: { task: TaskView }) {
  const [tab, setTab] = useState<string | null>('details');
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List>
        <Tabs.Tab value="details">Basic Details</Tabs.Tab>
        <Tabs.Tab value="email">Emails</Tabs.Tab>
        <Tabs.Tab value="sms">SMS</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details" pt="sm">
        <TaskForm projectId={task.project_id} task={task} />
      </Tabs.Panel>
      <Tabs.Panel value="email" pt="sm">
        {tab === 'email' ? <TaskMessageTab taskId={task.id} channel="email" /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="sms" pt="sm">
        {tab === 'sms' ? <TaskMessageTab taskId={task.id} channel="sms" /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="sm">
        {tab === 'history' ? <TaskHistory taskId={task.id} /> : null}
      </Tabs.Panel>
    </Tabs>
  );
}

/** The editor of a task in an open row: fetched, then the company or the outside view by its abilities. */
export function TaskPanel({ taskId }: { taskId: number }) {
  const query = useTask(taskId);
  if (query.isPending) return <LoadingState label="Loading the task…" />;
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the task" />;
  const task = query.data;
  return task.abilities.edit || task.abilities.restore ? (
    <CompanyTaskEditor task={task} />
  ) : (
    <OutsideTaskView task={task} />
  );
}
