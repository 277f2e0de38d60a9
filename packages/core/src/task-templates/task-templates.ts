import { z } from 'zod';
import { isWallClockDateTime } from '../common/dates.js';
import { requiredText } from '../common/fields.js';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '../projects/statuses.js';
import { DUE_DATE_TRIGGERS } from '../due-dates/due-dates.js';

/**
 * Task templates (issue 12 section 1; spec 2 sections 2.4, 3, 4, 5, 6 and 9): a titled, ordered
 * list of template tasks that a project's action list is built from. The option lists, defaults,
 * limits and texts below are the spec's; what it leaves open is in docs/decisions.md.
 */
export const TASK_TEMPLATE_TEXT = {
  titleRequired: 'Sorry, the title cannot be empty.',
  hours: 'The hours must be a whole number from 0 to 24.',
  minutes: 'The minutes must be a whole number from 0 to 59.',
  days: 'The days must be a whole number of at least 0.',
  taskIndex: 'The task number must be a whole number of at least 0.',
  staffResponsible: 'Choose a staff option of the chosen Action By.',
  defaultContact: 'Choose a contact of the chosen recipient.',
  completedTask: 'Choose an earlier task of this template.',
  triggerRequired: 'Choose a trigger for the automatic due date.',
  triggerProjectStatus: 'Choose the project status of the trigger.',
  triggerCompletedTask: 'Choose the task of the Completed Task trigger.',
  triggerFixedDate: 'Choose the date and time of the Fixed Date trigger.',
  fixedDate: 'The date must be a date and time (dd/MM/yyyy hh:mm a).',
  order: 'The order must list every task of this template once.',
  classificationTaken: 'Another template is already applied to this classification.',
  savingOrder: 'Saving the Task order...',
  orderSaved: 'Task order saved',
  noEmailTemplates: 'No e-mail templates yet',
  saved: 'Saved.',
  removed: 'Removed.',
} as const;

/** How a template task is titled in the list: 'Task {index}: {title}'. */
export const templateTaskHeading = (index: number, title: string) => `Task ${index}: ${title}`;

/** A new task's number: the last task's number plus 1, or 1 for the first. */
export const nextTaskIndex = (indexes: readonly number[]) => (indexes.length ? Math.max(...indexes) + 1 : 1);

export const ACTION_BY = ['Company', 'Client', 'Service Provider'] as const;
export type ActionBy = (typeof ACTION_BY)[number];

/** Staff Responsible options per Action By; without an Action By only 'All'. */
export const STAFF_RESPONSIBLE_OPTIONS: Record<ActionBy, readonly string[]> = {
  Company: ['Project Manager', 'Project Administrator', 'Admin', 'Employee', 'All'],
  Client: ['Account Manager', 'Admin', 'Finance', 'All'],
  'Service Provider': ['Admin', 'Staff', 'All'],
};
export const staffResponsibleOptions = (actionBy: string | null | undefined): readonly string[] =>
  actionBy && actionBy in STAFF_RESPONSIBLE_OPTIONS ? STAFF_RESPONSIBLE_OPTIONS[actionBy as ActionBy] : ['All'];

export const RECIPIENTS = ['Company', 'Client', 'Service Provider', 'Site Contact'] as const;
export type Recipient = (typeof RECIPIENTS)[number];

/** Default Contact options per recipient; a Service Provider or Site Contact is fixed to itself. */
export const CONTACT_OPTIONS: Record<Recipient, readonly string[]> = {
  Company: ['Project Manager', 'Project Administrator'],
  Client: ['Account Manager', 'Admin', 'Finance'],
  'Service Provider': ['Service Provider'],
  'Site Contact': ['Site Contact'],
};
/** Whether the recipient fixes the contact (the contact person choice is disabled). */
export const recipientFixesContact = (recipient: string | null | undefined) =>
  recipient === 'Service Provider' || recipient === 'Site Contact';
export const contactOptions = (recipient: string | null | undefined): readonly string[] =>
  recipient && recipient in CONTACT_OPTIONS ? CONTACT_OPTIONS[recipient as Recipient] : [];

export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const TRIGGER_TYPES = ['After', 'Before'] as const;
export const TASK_TRIGGERS = DUE_DATE_TRIGGERS;

/** The project statuses a 'Project Status' trigger may name, with their labels. */
export const TRIGGER_PROJECT_STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({
  value,
  label: PROJECT_STATUS_LABELS[value],
}));

/** The spec's defaults of a new template task (section 9). */
export const TEMPLATE_TASK_DEFAULTS = {
  priority: 'Medium',
  trigger_type: 'After',
  is_auto_complete: false,
  actioned_at_days: 0,
  actioned_at_hours: 0,
  actioned_at_mins: 0,
  is_auto_due_date: true,
} as const;

/** The time of day a Fixed Date trigger starts at (today at 08:00). */
export const FIXED_DATE_DEFAULT_TIME = '08:00';

export const nullableChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

export const nullableId = () =>
  z
    .union([z.uuid(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

const wholeNumber = (message: string, max?: number) => {
  const base = z.number({ error: message }).int({ error: message }).min(0, { error: message });
  return (max === undefined ? base : base.max(max, { error: message })).default(0);
};

/**
 * A company wall-clock date and time 'YYYY-MM-DD HH:mm' (format/wall-clock.ts); the regex alone
 * takes a day its month does not have (2027-02-30), so inputs also check isWallClockDateTime.
 */
export const WALL_CLOCK = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;

/** An optional WALL_CLOCK date and time on a day that exists ('' and null are none), with the field's message. */
export const optionalWallClock = (message: string) =>
  z
    .union([
      z
        .string()
        .regex(WALL_CLOCK, { error: message })
        // Once the format passes (a failed one says it once), the day must exist.
        .refine((v) => !WALL_CLOCK.test(v) || isWallClockDateTime(v), { error: message }),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null));

export const TaskTemplateInput = z.object({
  title: requiredText(TASK_TEMPLATE_TEXT.titleRequired, 200),
  classification_id: nullableId(),
});
export type TaskTemplateInput = z.input<typeof TaskTemplateInput>;

/** The fields a template task and a project task share (the project task adds its own). */
export const TemplateTaskFields = z.object({
  task_index: z
    .number({ error: TASK_TEMPLATE_TEXT.taskIndex })
    .int({ error: TASK_TEMPLATE_TEXT.taskIndex })
    .min(0, { error: TASK_TEMPLATE_TEXT.taskIndex })
    .max(100000, { error: TASK_TEMPLATE_TEXT.taskIndex })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? null : v)),
  title: requiredText(TASK_TEMPLATE_TEXT.titleRequired, 255),
  action_by: nullableChoice(ACTION_BY),
  staff_responsible: z
    .union([z.string().trim().max(60), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  priority: z.enum(PRIORITIES).default(TEMPLATE_TASK_DEFAULTS.priority),
  trigger_type: z.enum(TRIGGER_TYPES).default(TEMPLATE_TASK_DEFAULTS.trigger_type),
  trigger: nullableChoice(DUE_DATE_TRIGGERS),
  trigger_project_status: nullableChoice(PROJECT_STATUSES),
  trigger_completed_task_id: nullableId(),
  fixed_date_at: optionalWallClock(TASK_TEMPLATE_TEXT.fixedDate),
  default_entity: nullableChoice(RECIPIENTS),
  default_contact: z
    .union([z.string().trim().max(60), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  email_template: nullableId(),
  instructions: z
    .union([z.string().max(10000, 'Must be at most 10000 characters.'), z.null()])
    .optional()
    .transform((v) => (v && v.trim() ? v : null)),
  is_auto_complete: z.boolean().default(TEMPLATE_TASK_DEFAULTS.is_auto_complete),
  share_action_on_client: z.boolean().default(false),
  share_action_on_sp: z.boolean().default(false),
  email_reminder: z.boolean().default(false),
  email_notice: z.boolean().default(false),
  actioned_at_days: wholeNumber(TASK_TEMPLATE_TEXT.days, 100000),
  actioned_at_hours: wholeNumber(TASK_TEMPLATE_TEXT.hours, 24),
  actioned_at_mins: wholeNumber(TASK_TEMPLATE_TEXT.minutes, 59),
  is_auto_due_date: z.boolean().default(TEMPLATE_TASK_DEFAULTS.is_auto_due_date),
});

/**
 * A template task as saved. Fields that only one trigger uses are cleared for the others (the
 * project status, the completed task, the fixed date); a Service Provider or Site Contact
 * recipient is its own contact; without an e-mail notice no e-mail template is kept.
 */
type SharedTaskFields = z.output<typeof TemplateTaskFields>;

/**
 * The dependent-field rules (spec 2 section 4) both task forms share: 422 per field. An automatic
 * due date needs a trigger, and the trigger what it names (a project status, a task, a fixed
 * date): without them the task would never get a due date (docs/decisions.md, "Action list").
 */
export function checkTaskFields(
  task: Pick<
    SharedTaskFields,
    | 'staff_responsible'
    | 'action_by'
    | 'default_contact'
    | 'default_entity'
    | 'is_auto_due_date'
    | 'trigger'
    | 'trigger_project_status'
    | 'fixed_date_at'
  > & { trigger_completed_task_id: unknown },
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (task.is_auto_due_date) {
    if (!task.trigger) issue('trigger', TASK_TEMPLATE_TEXT.triggerRequired);
    else if (task.trigger === 'Project Status' && !task.trigger_project_status)
      issue('trigger_project_status', TASK_TEMPLATE_TEXT.triggerProjectStatus);
    else if (task.trigger === 'Completed Task' && task.trigger_completed_task_id == null)
      issue('trigger_completed_task_id', TASK_TEMPLATE_TEXT.triggerCompletedTask);
    else if (task.trigger === 'Fixed Date' && !task.fixed_date_at)
      issue('fixed_date_at', TASK_TEMPLATE_TEXT.triggerFixedDate);
  }
  if (task.staff_responsible && !staffResponsibleOptions(task.action_by).includes(task.staff_responsible))
    ctx.addIssue({ code: 'custom', path: ['staff_responsible'], message: TASK_TEMPLATE_TEXT.staffResponsible });
  if (
    task.default_contact &&
    !recipientFixesContact(task.default_entity) &&
    !contactOptions(task.default_entity).includes(task.default_contact)
  )
    ctx.addIssue({ code: 'custom', path: ['default_contact'], message: TASK_TEMPLATE_TEXT.defaultContact });
}

/**
 * A task as saved. Fields that only one trigger uses are cleared for the others (the project
 * status, the completed task, the fixed date); a Service Provider or Site Contact recipient is its
 * own contact; without an e-mail notice no e-mail template is kept.
 */
type NormalisedFields = Pick<
  SharedTaskFields,
  | 'trigger'
  | 'trigger_project_status'
  | 'fixed_date_at'
  | 'default_entity'
  | 'default_contact'
  | 'email_notice'
  | 'email_template'
> & { trigger_completed_task_id: unknown };
export const normaliseTaskFields = <T extends NormalisedFields>(task: T): T => ({
  ...task,
  trigger_project_status: task.trigger === 'Project Status' ? task.trigger_project_status : null,
  trigger_completed_task_id: task.trigger === 'Completed Task' ? task.trigger_completed_task_id : null,
  fixed_date_at: task.trigger === 'Fixed Date' ? task.fixed_date_at : null,
  default_contact: recipientFixesContact(task.default_entity)
    ? task.default_entity
    : task.default_entity
      ? task.default_contact
      : null,
  email_template: task.email_notice && task.default_contact ? task.email_template : null,
});

/** A template task as saved (checkTaskFields, normaliseTaskFields). */
export const TemplateTaskInput = TemplateTaskFields.superRefine(checkTaskFields).transform(normaliseTaskFields);
export type TemplateTaskInput = z.input<typeof TemplateTaskInput>;
export type TemplateTaskData = z.output<typeof TemplateTaskInput>;

export const TemplateTaskView = z.object({
  id: z.uuid(),
  template_id: z.uuid(),
  task_index: z.number().int(),
  title: z.string(),
  action_by: z.enum(ACTION_BY).nullable(),
  staff_responsible: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  trigger_type: z.enum(TRIGGER_TYPES),
  trigger: z.enum(DUE_DATE_TRIGGERS).nullable(),
  trigger_project_status: z.enum(PROJECT_STATUSES).nullable(),
  trigger_completed_task_id: z.uuid().nullable(),
  fixed_date_at: z.string().nullable(),
  default_entity: z.enum(RECIPIENTS).nullable(),
  default_contact: z.string().nullable(),
  email_template: z.uuid().nullable(),
  instructions: z.string().nullable(),
  is_auto_complete: z.boolean(),
  share_action_on_client: z.boolean(),
  share_action_on_sp: z.boolean(),
  email_reminder: z.boolean(),
  email_notice: z.boolean(),
  actioned_at_days: z.number().int(),
  actioned_at_hours: z.number().int(),
  actioned_at_mins: z.number().int(),
  is_auto_due_date: z.boolean(),
});
export type TemplateTaskView = z.infer<typeof TemplateTaskView>;

/** What a template says of itself, in the list and on its screen. */
const templateHead = {
  id: z.uuid(),
  title: z.string(),
  classification_id: z.uuid().nullable(),
  classification_title: z.string().nullable(),
};

export const TaskTemplateSummary = z.object({ ...templateHead, task_count: z.number().int() });
export type TaskTemplateSummary = z.infer<typeof TaskTemplateSummary>;

export const TaskTemplateView = z.object({
  ...templateHead,
  /** In task-number order. */
  tasks: z.array(TemplateTaskView),
});
export type TaskTemplateView = z.infer<typeof TaskTemplateView>;

/** The template's tasks in their new order: every task id once. */
export const TemplateTaskOrderInput = z.object({
  ids: z.array(z.uuid({ error: TASK_TEMPLATE_TEXT.order })).max(1000, { error: TASK_TEMPLATE_TEXT.order }),
});
export type TemplateTaskOrderInput = z.input<typeof TemplateTaskOrderInput>;

/** The starting values of a new template task: the spec's defaults and the next number. */
export const newTemplateTask = (indexes: readonly number[]): TemplateTaskData & { task_index: number } => ({
  ...TEMPLATE_TASK_DEFAULTS,
  task_index: nextTaskIndex(indexes),
  title: '',
  action_by: null,
  staff_responsible: null,
  trigger: null,
  trigger_project_status: null,
  trigger_completed_task_id: null,
  fixed_date_at: null,
  default_entity: null,
  default_contact: null,
  email_template: null,
  instructions: null,
  share_action_on_client: false,
  share_action_on_sp: false,
  email_reminder: false,
  email_notice: false,
});
