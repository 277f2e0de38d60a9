import type { ReactNode } from 'react';
import { Grid, NumberInput, Select, Stack, Switch, Textarea, type SelectProps } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useOfferedMessageTemplates } from '../messages/api';
import {
  ACTION_BY,
  FIXED_DATE_DEFAULT_TIME,
  PRIORITIES,
  RECIPIENTS,
  TASK_TEMPLATE_TEXT,
  TASK_TRIGGERS,
  TRIGGER_PROJECT_STATUS_OPTIONS,
  TRIGGER_TYPES,
  companyDay,
  contactOptions,
  recipientFixesContact,
  staffResponsibleOptions,
  type TemplateTaskInput,
} from '@siteflow/core';
import { returnFocusIfLost } from '../../ui/focus';
import { options } from '../../ui/select-options';
import { CALENDAR_LABELS } from '../../ui/calendar-labels';

/** Today (the company's day) at 08:00, the Fixed Date trigger's starting value, as 'YYYY-MM-DD HH:mm'. */
export const fixedDateDefault = () => `${companyDay(new Date())} ${FIXED_DATE_DEFAULT_TIME}`;

export { options };

/**
 * The values both task forms (a template task, a project task) share. The Completed Task trigger's
 * task is the picker's string value (a template task's uuid, a project task's id as text).
 */
export type SharedTaskValues = Omit<
  TemplateTaskInput,
  'task_index' | 'title' | 'trigger_completed_task_id' | 'actioned_at_days' | 'actioned_at_hours' | 'actioned_at_mins'
> & {
  trigger_completed_task_id: string | null;
  actioned_at_days: number | string;
  actioned_at_hours: number | string;
  actioned_at_mins: number | string;
};

/** A form whose values include the shared ones (each form adds its own fields). */
export type SharedTaskForm = UseFormReturnType<SharedTaskValues>;

/** A whole number of an offset input ('' is 0). */
export const whole = (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? 0 : Number(v));

/**
 * A 'YYYY-MM-DD HH:mm' value in a DateTimePicker (dd/MM/yyyy hh:mm a). Its buttons and time inputs
 * are named, and closing it by its confirm button (or Enter in the time) puts focus back on the
 * field, as Escape does: Mantine returns focus only on Escape, so it fell to the page.
 */
export function WallClockPicker({
  id,
  label,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  error?: ReactNode;
}) {
  return (
    <DateTimePicker
      id={id}
      label={label}
      valueFormat="DD/MM/YYYY hh:mm A"
      disabled={disabled}
      error={error}
      value={value ? `${value}:00` : null}
      onChange={(next) => onChange(next ? next.slice(0, 16) : null)}
      ariaLabels={CALENDAR_LABELS}
      timePickerProps={{
        format: '12h',
        hoursInputLabel: `${label} hours`,
        minutesInputLabel: `${label} minutes`,
        amPmInputLabel: `${label} AM or PM`,
      }}
      submitButtonProps={{ 'aria-label': `Confirm ${label}` }}
      onDropdownClose={() => returnFocusIfLost(() => document.getElementById(id), '[data-dates-dropdown]')}
    />
  );
}

type Field = keyof SharedTaskValues & string;
/** A field with its input's id (`{prefix}-{key}`) and label. */
type FieldSpec = { field: Field; key: string; label: string };

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
  form: SharedTaskForm;
  /** The inputs' id prefix (`tt-{task}`, `task-{id}`). */
  idPrefix: string;
  /** The tasks the Completed Task trigger may name; the trigger is offered only when there is one. */
  completedTasks: { value: string; label: string }[];
  /** Fields after the automatic due date's switch (the project task's manual due date). */
  dueDate?: ReactNode;
  /** Fields after Action By / Staff Responsible / Priority (the project task's user). */
  afterPeople?: ReactNode;
};

/**
 * A task's fields and their dependent rules (spec 2 section 4), shared by the template task form
 * and the project task editor: Action By sets the Staff options, the trigger the project status,
 * fixed date and completed task pickers, the automatic due date the offsets, and the e-mail notice
 * the recipient, contact and template pickers.
 */
export function TaskFields({ form, idPrefix, completedTasks, dueDate, afterPeople }: Props) {
  const v = form.values;
  const id = (key: string) => `${idPrefix}-${key}`;
  const toggle = ({ field, key, label }: FieldSpec) => (
    <Switch key={key} id={id(key)} label={label} {...form.getInputProps(field, { type: 'checkbox' })} />
  );
  /** A clearable Select of one field in a third of the row; `props` after the field's own (an onChange of its own wins). */
  const select = (
    key: string,
    label: string,
    field: keyof SharedTaskValues,
    data: SelectProps['data'],
    props: SelectProps = {},
  ) => (
    <Grid.Col span={{ base: 12, sm: 4 }}>
      <Select id={id(key)} label={label} data={data} clearable {...form.getInputProps(field)} {...props} />
    </Grid.Col>
  );
  const triggerOptions = TASK_TRIGGERS.filter((t) => t !== 'Completed Task' || completedTasks.length > 0);
  const auto = v.is_auto_due_date !== false;

  const setActionBy = (actionBy: string | null) => {
    form.setFieldValue('action_by', actionBy as SharedTaskValues['action_by']);
    if (v.staff_responsible && !staffResponsibleOptions(actionBy).includes(v.staff_responsible))
      form.setFieldValue('staff_responsible', null);
  };
  const setTrigger = (trigger: string | null) => {
    form.setFieldValue('trigger', trigger as SharedTaskValues['trigger']);
    // Choosing 'Project Status' resets the status to its placeholder; any other trigger clears it.
    form.setFieldValue('trigger_project_status', null);
    if (trigger !== 'Completed Task') form.setFieldValue('trigger_completed_task_id', null);
    if (trigger === 'Fixed Date') {
      if (!v.fixed_date_at) form.setFieldValue('fixed_date_at', fixedDateDefault());
    } else form.setFieldValue('fixed_date_at', null);
  };
  const setRecipient = (recipient: string | null) => {
    form.setFieldValue('default_entity', recipient as SharedTaskValues['default_entity']);
    form.setFieldValue(
      'default_contact',
      recipientFixesContact(recipient) ? (recipient as SharedTaskValues['default_contact']) : null,
    );
    form.setFieldValue('email_template', null);
  };

  return (
    <>
      {select('action-by', 'Action By', 'action_by', options(ACTION_BY), { onChange: setActionBy })}
      {select('staff', 'Staff Responsible', 'staff_responsible', options(staffResponsibleOptions(v.action_by)))}
      {select('priority', 'Priority', 'priority', options(PRIORITIES), { clearable: false, allowDeselect: false })}
      {afterPeople}
      <Grid.Col span={12}>
        {toggle({ field: 'is_auto_due_date', key: 'auto-due', label: 'Automatic due date' })}
      </Grid.Col>
      {dueDate}
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
      {select('trigger-type', 'Trigger type', 'trigger_type', options(TRIGGER_TYPES), {
        clearable: false,
        allowDeselect: false,
        disabled: !auto,
      })}
      {select('trigger', 'Trigger', 'trigger', options(triggerOptions), { disabled: !auto, onChange: setTrigger })}
      {select('project-status', 'Project status', 'trigger_project_status', TRIGGER_PROJECT_STATUS_OPTIONS, {
        clearable: false,
        placeholder: 'Choose a status',
        disabled: !auto || v.trigger !== 'Project Status',
      })}
      {v.trigger === 'Fixed Date' ? (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <WallClockPicker
            id={id('fixed-date')}
            label="Fixed date"
            disabled={!auto}
            error={form.errors.fixed_date_at}
            value={v.fixed_date_at}
            onChange={(value) => form.setFieldValue('fixed_date_at', value)}
          />
        </Grid.Col>
      ) : null}
      {v.trigger === 'Completed Task' ? (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={id('completed-task')}
            label="Completed task"
            placeholder="Choose a task"
            data={completedTasks}
            disabled={!auto}
            {...form.getInputProps('trigger_completed_task_id')}
          />
        </Grid.Col>
      ) : null}
      <Grid.Col span={12}>
        <Textarea
          id={id('instructions')}
          label="Instructions"
          rows={3}
          {...form.getInputProps('instructions')}
          value={v.instructions ?? ''}
        />
      </Grid.Col>
      {SETTINGS.map((column) => (
        <Grid.Col key={column[0]!.key} span={{ base: 12, sm: 6 }}>
          <Stack gap="xs">{column.map(toggle)}</Stack>
        </Grid.Col>
      ))}
      {v.email_notice ? (
        <>
          {select('recipient', 'Recipient', 'default_entity', options(RECIPIENTS), { onChange: setRecipient })}
          {select('contact', 'Default contact', 'default_contact', options(contactOptions(v.default_entity)), {
            disabled: !v.default_entity || recipientFixesContact(v.default_entity),
          })}
          {v.default_contact ? (
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <EmailTemplateSelect
                id={id('email-template')}
                current={v.email_template ?? null}
                inputProps={form.getInputProps('email_template')}
              />
            </Grid.Col>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** The e-mail template of the notice: the offered e-mail templates (messages), or a note when there are none. */
function EmailTemplateSelect({
  id,
  current,
  inputProps,
}: {
  id: string;
  current: string | null;
  inputProps: ReturnType<UseFormReturnType<Record<string, unknown>>['getInputProps']>;
}) {
  const templates = useOfferedMessageTemplates('email', current);
  const options = templates.data ?? [];
  return (
    <Select
      id={id}
      label="Email template"
      placeholder={
        templates.isLoading ? 'Loading...' : options.length ? 'Choose a template' : TASK_TEMPLATE_TEXT.noEmailTemplates
      }
      data={options}
      disabled={!options.length}
      searchable
      clearable
      {...inputProps}
    />
  );
}
