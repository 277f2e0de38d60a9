import { useEffect, useRef, useState } from 'react';
import { Button, Grid, Group, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCircleCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import {
  ACTION_BY,
  FIXED_DATE_DEFAULT_TIME,
  PRIORITIES,
  RECIPIENTS,
  TASK_TEMPLATE_TEXT,
  TASK_TRIGGERS,
  TemplateTaskInput,
  TRIGGER_PROJECT_STATUS_OPTIONS,
  TRIGGER_TYPES,
  contactOptions,
  newTemplateTask,
  nextTaskIndex,
  recipientFixesContact,
  staffResponsibleOptions,
  templateTaskHeading,
  type TemplateTaskView,
} from '@siteflow/core';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { useSaveTemplateTask } from './api';

/** How long the saved tick shows on a template task (spec 2 section 9). */
export const SAVED_TICK_MS = 5000;

type Values = Omit<TemplateTaskInput, 'task_index'> & { task_index: number | string | null };

/** The form's values of a saved task, or of a new one numbered after `indexes`. */
function initialValues(task: TemplateTaskView | undefined, indexes: number[]): Values {
  if (!task) return newTemplateTask(indexes) as Values;
  const { id: _id, template_id: _template, ...values } = task;
  return values;
}

const whole = (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? 0 : Number(v));

function toPayload(values: Values): TemplateTaskInput {
  const index = values.task_index;
  return {
    ...values,
    task_index: index === '' || index == null ? null : Number(index),
    actioned_at_days: whole(values.actioned_at_days),
    actioned_at_hours: whole(values.actioned_at_hours),
    actioned_at_mins: whole(values.actioned_at_mins),
  };
}

/** Today at 08:00, the Fixed Date trigger's starting value, as 'YYYY-MM-DD HH:mm'. */
export const fixedDateDefault = () => `${dayjs().format('YYYY-MM-DD')} ${FIXED_DATE_DEFAULT_TIME}`;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

type Field = keyof Values & string;
/** A field with its input's id (`tt-{task}-{key}`) and label. */
type FieldSpec<F extends Field = Field> = { field: F; key: string; label: string };

/** The automatic due date's offsets, whole numbers up to their `max`. */
const OFFSETS: (FieldSpec & { max?: number })[] = [
  { field: 'actioned_at_days', key: 'days', label: 'Days' },
  { field: 'actioned_at_hours', key: 'hours', label: 'Hours', max: 24 },
  { field: 'actioned_at_mins', key: 'mins', label: 'Minutes', max: 59 },
];

/** The task's yes/no settings, in their two columns. */
const SETTINGS: FieldSpec[][] = [
  [
    { field: 'is_auto_complete', key: 'auto-complete', label: 'Auto complete' },
    { field: 'share_action_on_client', key: 'share-client', label: 'Share action on client storyboard' },
    { field: 'share_action_on_sp', key: 'share-sp', label: 'Share action on service provider storyboard' },
  ],
  [
    { field: 'email_reminder', key: 'reminder', label: 'Email reminder' },
    { field: 'email_notice', key: 'notice', label: 'Email notice' },
  ],
];

type Props = {
  templateId: string;
  /** The saved task, or none for the 'New Task' form. */
  task?: TemplateTaskView;
  /** The template's tasks (for the next number and the Completed Task picker). */
  tasks: TemplateTaskView[];
};

/**
 * A template task's form (spec 2 sections 3 and 4) with its dependent fields: Action By sets the
 * Staff options, the trigger the project status, fixed date and completed task pickers, the
 * automatic due date the offsets, and the e-mail notice the recipient, contact and template pickers.
 */
export function TemplateTaskForm({ templateId, task, tasks }: Props) {
  const save = useSaveTemplateTask(templateId, task?.id);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const { form, alert, submit, showServerErrors } = useContractForm(TemplateTaskInput, {
    initial: initialValues(
      task,
      tasks.map((t) => t.task_index),
    ),
    toPayload,
  });
  const v = form.values;
  const key = task?.id ?? 'new';
  const id = (field: string) => `tt-${key}-${field}`;
  const toggle = ({ field, key, label }: FieldSpec) => (
    <Switch key={key} id={id(key)} label={label} {...form.getInputProps(field, { type: 'checkbox' })} />
  );

  // The number the task has now (a reorder renumbers), or the next one for a new task: the form
  // follows it unless the user typed a number of their own.
  const currentIndex = task ? task.task_index : nextTaskIndex(tasks.map((t) => t.task_index));
  const shownIndex = useRef(currentIndex);
  useEffect(() => {
    if (shownIndex.current === currentIndex) return;
    shownIndex.current = currentIndex;
    if (form.isDirty('task_index')) return;
    form.setFieldValue('task_index', currentIndex);
    form.resetDirty({ ...form.getValues(), task_index: currentIndex });
  }, [currentIndex, form]);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_TICK_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  // The Completed Task trigger names an earlier task: one before this one (any, for a new task).
  const earlier = tasks.filter((t) => t.id !== task?.id && (!task || t.task_index < task.task_index));
  const triggerOptions = TASK_TRIGGERS.filter((t) => t !== 'Completed Task' || earlier.length > 0);
  const auto = v.is_auto_due_date !== false;

  const setActionBy = (actionBy: string | null) => {
    form.setFieldValue('action_by', actionBy as Values['action_by']);
    if (v.staff_responsible && !staffResponsibleOptions(actionBy).includes(v.staff_responsible))
      form.setFieldValue('staff_responsible', null);
  };
  const setTrigger = (trigger: string | null) => {
    form.setFieldValue('trigger', trigger as Values['trigger']);
    // Choosing 'Project Status' resets the status to its placeholder; any other trigger clears it.
    form.setFieldValue('trigger_project_status', null);
    if (trigger !== 'Completed Task') form.setFieldValue('trigger_completed_task_id', null);
    if (trigger === 'Fixed Date') {
      if (!v.fixed_date_at) form.setFieldValue('fixed_date_at', fixedDateDefault());
    } else form.setFieldValue('fixed_date_at', null);
  };
  const setRecipient = (recipient: string | null) => {
    form.setFieldValue('default_entity', recipient as Values['default_entity']);
    form.setFieldValue('default_contact', recipientFixesContact(recipient) ? recipient : null);
    form.setFieldValue('email_template', null);
  };

  const send = submit((payload) =>
    save.mutate(
      // A saved task keeps the number the server has unless the user changed it here.
      task && !form.isDirty('task_index') ? { ...payload, task_index: null } : payload,
      {
        onSuccess: (saved) => {
          setSavedAt(Date.now());
          // After saving a new task a blank form returns, numbered after it.
          if (!task) {
            const blank = newTemplateTask([...tasks.map((t) => t.task_index), saved.task_index]) as Values;
            form.setValues(blank);
            form.resetDirty(blank);
          } else form.resetDirty();
        },
        onError: (error) => showServerErrors(error),
      },
    ),
  );

  return (
    <form onSubmit={send} noValidate aria-label={task ? templateTaskHeading(task.task_index, task.title) : 'New Task'}>
      <Stack gap="sm">
        <FormAlert title="Not saved" message={alert} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <NumberInput
              id={id('index')}
              label="Task number"
              min={0}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('task_index')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput id={id('title')} label="Title" required {...form.getInputProps('title')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              id={id('action-by')}
              label="Action By"
              data={options(ACTION_BY)}
              clearable
              {...form.getInputProps('action_by')}
              onChange={setActionBy}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              id={id('staff')}
              label="Staff Responsible"
              data={options(staffResponsibleOptions(v.action_by))}
              clearable
              {...form.getInputProps('staff_responsible')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              id={id('priority')}
              label="Priority"
              data={options(PRIORITIES)}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            {toggle({ field: 'is_auto_due_date', key: 'auto-due', label: 'Automatic due date' })}
          </Grid.Col>
          {OFFSETS.map(({ field, key, label, max }) => (
            <Grid.Col key={key} span={{ base: 12, sm: 4 }}>
              <NumberInput
                id={id(key)}
                label={label}
                min={0}
                max={max}
                step={1}
                allowDecimal={false}
                disabled={!auto}
                {...form.getInputProps(field)}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              id={id('trigger-type')}
              label="Trigger type"
              data={options(TRIGGER_TYPES)}
              allowDeselect={false}
              disabled={!auto}
              {...form.getInputProps('trigger_type')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              id={id('trigger')}
              label="Trigger"
              data={options(triggerOptions)}
              clearable
              disabled={!auto}
              {...form.getInputProps('trigger')}
              onChange={setTrigger}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              id={id('project-status')}
              label="Project status"
              placeholder="Choose a status"
              data={TRIGGER_PROJECT_STATUS_OPTIONS}
              disabled={!auto || v.trigger !== 'Project Status'}
              {...form.getInputProps('trigger_project_status')}
            />
          </Grid.Col>
          {v.trigger === 'Fixed Date' ? (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateTimePicker
                id={id('fixed-date')}
                label="Fixed date"
                valueFormat="DD/MM/YYYY hh:mm A"
                timePickerProps={{ format: '12h' }}
                disabled={!auto}
                {...form.getInputProps('fixed_date_at')}
                value={v.fixed_date_at ? `${v.fixed_date_at}:00` : null}
                onChange={(value) => form.setFieldValue('fixed_date_at', value ? value.slice(0, 16) : null)}
              />
            </Grid.Col>
          ) : null}
          {v.trigger === 'Completed Task' ? (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                id={id('completed-task')}
                label="Completed task"
                placeholder="Choose a task"
                data={earlier.map((t) => ({ value: t.id, label: templateTaskHeading(t.task_index, t.title) }))}
                disabled={!auto}
                {...form.getInputProps('trigger_completed_task_id')}
              />
            </Grid.Col>
          ) : null}
          <Grid.Col span={12}>
            <Textarea id={id('instructions')} label="Instructions" rows={3} {...form.getInputProps('instructions')} />
          </Grid.Col>
          {SETTINGS.map((column) => (
            <Grid.Col key={column[0]!.key} span={{ base: 12, sm: 6 }}>
              <Stack gap="xs">{column.map(toggle)}</Stack>
            </Grid.Col>
          ))}
          {v.email_notice ? (
            <>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  id={id('recipient')}
                  label="Recipient"
                  data={options(RECIPIENTS)}
                  clearable
                  {...form.getInputProps('default_entity')}
                  onChange={setRecipient}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  id={id('contact')}
                  label="Default contact"
                  data={options(contactOptions(v.default_entity))}
                  disabled={!v.default_entity || recipientFixesContact(v.default_entity)}
                  clearable
                  {...form.getInputProps('default_contact')}
                />
              </Grid.Col>
              {v.default_contact ? (
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <Select
                    id={id('email-template')}
                    label="Email template"
                    placeholder={TASK_TEMPLATE_TEXT.noEmailTemplates}
                    data={[]}
                    disabled
                    {...form.getInputProps('email_template')}
                  />
                </Grid.Col>
              ) : null}
            </>
          ) : null}
        </Grid>
        <Group justify="flex-end" gap="sm">
          {savedAt !== null ? (
            <Group gap={4} role="status">
              <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
              <Text size="sm">Saved</Text>
            </Group>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {task ? 'Save task' : 'Add task'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
