import { z } from 'zod';
import { PROJECT_STATUSES } from '../projects/statuses.js';
import { isClientRole, isProviderRole, isStaffRole, type Role } from '../roles/roles.js';
import {
  ACTION_BY,
  checkTaskFields,
  normaliseTaskFields,
  PRIORITIES,
  staffResponsibleOptions,
  TemplateTaskFields,
  TemplateTaskView,
  optionalWallClock,
  nullableId,
} from '../task-templates/task-templates.js';

/**
 * A project's action list (issue 12; spec 2 sections 2.1-2.3, 3, 4, 5, 6, 9): tasks created from a
 * task template or by hand, with computed due dates (due-dates.ts), statuses, stars, an order and a
 * history. The texts below are the spec's verbatim; the ones it leaves open are ours
 * (docs/decisions.md, "Action list").
 */
export const TASK_TEXT = {
  titleRequired: 'Sorry, the title cannot be empty.',
  noTasks: 'No Task Found',
  generating: 'Generating...',
  generatingFor: 'Task is generating due date - come back in {time}',
  confirmComplete: 'Are you sure, you want to complete this task?',
  confirmRestore: 'Are you sure, you want to restore this task?',
  confirmVoid: 'Are you sure, you want to void this task?',
  confirmDelete: 'Are you sure, you want to delete this task?',
  confirmRecalculate: 'Are you sure, you want to recalculate due dates for all pending tasks?',
  closeProject:
    "All {count} tasks have been completed for this project. Do you want to update the project status to 'Closed'?",
  bulkAssignMisuse: 'Assign Pending Tasks Assigned, Staff & User Filter Must Be Set To Assign Tasks',
  emailSaved: 'Email Saved',
  smsSaved: 'SMS Saved',
  somethingHappened: 'Error, something happend. Please try again later.',
  noPreview: 'No preview available.',
  loadingUsers: 'Loading...',
  usersError: 'Error...',
  // Ours (the spec gives no text for these).
  voidedLocked: 'This task is voided. Restore it to change it.',
  notPending: 'Only a pending task can be changed this way.',
  dueDateManual: 'The due date must be a date and time (dd/MM/yyyy hh:mm a).',
  completedTask: 'Choose another task of this project.',
  user: 'Choose a user who may be assigned this task.',
  order: 'The order must list every task of this project once.',
  assignCount: '{count} pending tasks assigned.',
  recalculated: 'Due dates are being recalculated.',
  templateApplied: '{count} tasks added from the template.',
  noTemplate: 'Choose a task template.',
} as const;

/** 'Task is generating due date - come back in {time}' filled in. */
export const generatingText = (time: string) => TASK_TEXT.generatingFor.replace('{time}', time);
export const closeProjectText = (count: number) => TASK_TEXT.closeProject.replace('{count}', String(count));

/**
 * The countdown of a generating task: minutes and seconds to the next 5-minute mark of `now`
 * (the due-date job's schedule), e.g. '3:05'. Pure: `now` comes from the caller.
 */
export function nextFiveMinuteMark(now: Date): string {
  const ms = 300_000 - (now.getTime() % 300_000);
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const TASK_STATUSES = ['Pending', 'Completed', 'Voided'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

// ---- filters (spec 2 section 9) ----

export const DUE_FILTERS = ['Any', 'Today', 'Tomorrow', 'Next 7 Days', 'Next 30 Days', 'Overdue'] as const;
export const STARRED_FILTERS = ['Any', 'Starred', 'Unstarred'] as const;
export const PRIORITY_FILTERS = ['Any', ...PRIORITIES] as const;
export const STATUS_FILTERS = ['Any', ...TASK_STATUSES] as const;
export const ASSIGNED_FILTERS = ['Any', 'Mine', 'Company', 'Client', 'Service Provider', 'Unallocated'] as const;
/** Client and provider users filter by Any and Mine only (spec 2 section 6). */
export const OUTSIDE_ASSIGNED_FILTERS = ['Any', 'Mine'] as const;

/** Staff Responsible filter options of an Assigned To: the editor's, with 'Any' for 'All'. */
export const staffFilterOptions = (assigned: string | null | undefined): readonly string[] =>
  staffResponsibleOptions(assigned).map((o) => (o === 'All' ? 'Any' : o));

/** The multi-select rule: 'All' chosen together with others is 'All' alone. */
export const reduceAll = (values: readonly string[]): string[] => (values.includes('All') ? ['All'] : [...values]);

const filterOf = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values).catch(fallback).default(fallback);

/**
 * The list's filters as the URL and the API carry them. project_id 0 = all projects (then the
 * project status filter applies: default Order, and due Next 7 Days); on a project page every
 * filter defaults to Any (taskFilterDefaults).
 */
export const TaskListQuery = z.object({
  project_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  status: filterOf(STATUS_FILTERS, 'Any'),
  due: filterOf(DUE_FILTERS, 'Any'),
  assigned: filterOf(ASSIGNED_FILTERS, 'Any'),
  priority: filterOf(PRIORITY_FILTERS, 'Any'),
  staff: z.string().trim().max(60).catch('Any').default('Any'),
  /** 'All' or a comma-separated list of user ids. */
  user: z
    .string()
    .max(2000)
    .catch('All')
    .default('All')
    .transform((v) => reduceAll(v.split(',').filter((u) => u === 'All' || z.uuid().safeParse(u).success))),
  starred: filterOf(STARRED_FILTERS, 'Any'),
  project_status: z
    .union([z.enum(PROJECT_STATUSES), z.literal('any')])
    .catch('any')
    .default('any'),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
});
export type TaskListQueryInput = z.input<typeof TaskListQuery>;
export type TaskListQuery = z.output<typeof TaskListQuery>;

/** The defaults of each mode (spec 2 section 9). */
export const taskFilterDefaults = (projectId: number) =>
  projectId === 0
    ? ({
        status: 'Any',
        due: 'Next 7 Days',
        assigned: 'Any',
        priority: 'Any',
        staff: 'Any',
        user: 'All',
        starred: 'Any',
        project_status: 'order',
      } as const)
    : ({
        status: 'Any',
        due: 'Any',
        assigned: 'Any',
        priority: 'Any',
        staff: 'Any',
        user: 'All',
        starred: 'Any',
        project_status: 'any',
      } as const);

/** Page sizes: projects per page in all-projects mode, tasks per page in project mode. */
export const TASK_PAGE_SIZE = { groups: 20, tasks: 50 } as const;

// ---- views ----

/** What a viewer may do with a task (taskAbilities in policies; the server enforces the same). */
export const TaskAbilities = z.object({
  /** Every field (company roles), when not Voided. */
  edit: z.boolean(),
  /** Actions Taken (company roles; client and provider users of a project they see). */
  action_taken: z.boolean(),
  complete: z.boolean(),
  restore: z.boolean(),
  void: z.boolean(),
  delete: z.boolean(),
});
export type TaskAbilities = z.infer<typeof TaskAbilities>;

/** Which task, where: a list's row and the editor's view both start with these. */
const TASK_PLACE = { id: z.number().int(), project_id: z.number().int(), position: z.number().int() };

/** A task's flags and its user, as its row and its editor show them. */
const TASK_FLAGS = {
  is_generating: z.boolean(),
  overdue: z.boolean(),
  starred: z.boolean(),
  user_id: z.uuid().nullable(),
  user_name: z.string().nullable(),
};

/** A task in a list: enough for its row and its flags. */
export const TaskListItem = z.object({
  ...TASK_PLACE,
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(PRIORITIES),
  action_by: z.enum(ACTION_BY).nullable(),
  staff_responsible: z.string().nullable(),
  /** Company wall-clock 'YYYY-MM-DD HH:mm'. */
  due_date_at: z.string().nullable(),
  ...TASK_FLAGS,
});
export type TaskListItem = z.infer<typeof TaskListItem>;

export const TaskProjectHead = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
});
export type TaskProjectHead = z.infer<typeof TaskProjectHead>;

/** All-projects mode: a project with the filtered tasks and its next pending task. */
export const TaskGroup = z.object({
  project: TaskProjectHead,
  next_task: z.object({ id: z.number().int(), title: z.string(), due_date_at: z.string().nullable() }).nullable(),
  tasks: z.array(TaskListItem),
});
export type TaskGroup = z.infer<typeof TaskGroup>;

/** The list answer (spec 2 section 3: data, next_page_url, total): groups or tasks by mode. */
export const TaskList = z.object({
  groups: z.array(TaskGroup),
  tasks: z.array(TaskListItem),
  total: z.number().int(),
  next_page: z.number().int().nullable(),
  /** Project mode: the project's own counts for the close prompt (every task, whatever the filters). */
  project: z
    .object({
      status: z.enum(PROJECT_STATUSES),
      task_count: z.number().int(),
      open_count: z.number().int(),
      /** Whether the viewer may add, assign, recalculate and reorder (company roles). */
      manage: z.boolean(),
      close: z.boolean(),
    })
    .nullable(),
});
export type TaskList = z.infer<typeof TaskList>;

/** A task with everything its editor shows (spec 2 section 3, "Action-list task"). */
export const TaskView = TemplateTaskView.omit({
  template_id: true,
  task_index: true,
  trigger_completed_task_id: true,
}).extend({
  ...TASK_PLACE,
  trigger_completed_task_id: z.number().int().nullable(),
  status: z.enum(TASK_STATUSES),
  action_taken: z.string().nullable(),
  due_date_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  ...TASK_FLAGS,
  sms_template: z.uuid().nullable(),
  /** A message that cannot go out (no address or mobile for the chosen contact); null when fine. */
  message_problem: z.string().nullable(),
  project: TaskProjectHead,
  abilities: TaskAbilities,
});
export type TaskView = z.infer<typeof TaskView>;

/** A task of the project offered for the Completed Task trigger ('(Completed)' marks done ones). */
export const TaskChoice = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  status: z.enum(TASK_STATUSES),
});
export type TaskChoice = z.infer<typeof TaskChoice>;
export const taskChoiceLabel = (t: TaskChoice) => (t.status === 'Completed' ? `${t.title} (Completed)` : t.title);

// ---- inputs ----

/** A project task as a company user saves it (the template task's fields and rules, plus its own). */
export const TaskInput = TemplateTaskFields.omit({ task_index: true, trigger_completed_task_id: true })
  .extend({
    // A project's task id; the editor's picker holds it as text ('12'), which is the same id.
    trigger_completed_task_id: z
      .union([
        z.number().int().positive(),
        z
          .string()
          .regex(/^[1-9]\d{0,15}$/)
          .transform(Number),
        z.literal(''),
        z.null(),
      ])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    action_taken: z
      .union([z.string().max(10000, 'Must be at most 10000 characters.'), z.null()])
      .optional()
      .transform((v) => (v && v.trim() ? v : null)),
    /** A manual due date (is_auto_due_date off); ignored when automatic. */
    due_date_at: optionalWallClock(TASK_TEXT.dueDateManual),
    user_id: nullableId(),
    sms_template: nullableId(),
  })
  .superRefine(checkTaskFields)
  .transform(normaliseTaskFields);
export type TaskInput = z.input<typeof TaskInput>;
export type TaskData = z.output<typeof TaskInput>;

/** What a client or provider user may change: Actions Taken (spec 2 section 2.3). */
export const ActionTakenInput = z.object({
  action_taken: z
    .union([z.string().max(10000, 'Must be at most 10000 characters.'), z.null()])
    .transform((v) => (v && v.trim() ? v : null)),
});
export type ActionTakenInput = z.input<typeof ActionTakenInput>;

export const TaskOrderInput = z.object({
  ids: z.array(z.number({ error: TASK_TEXT.order }).int().positive()).max(5000, { error: TASK_TEXT.order }),
});
export type TaskOrderInput = z.input<typeof TaskOrderInput>;

/** Assign Pending Tasks: every pending task of this Action By and Staff Responsible to the user. */
export const BulkAssignInput = z
  .object({
    assigned: z.enum(ACTION_BY, { error: TASK_TEXT.bulkAssignMisuse }),
    staff: z.string({ error: TASK_TEXT.bulkAssignMisuse }).trim().min(1, { error: TASK_TEXT.bulkAssignMisuse }).max(60),
    user_id: z.uuid({ error: TASK_TEXT.bulkAssignMisuse }),
  })
  .superRefine((v, ctx) => {
    if (v.staff === 'Any' || !staffFilterOptions(v.assigned).includes(v.staff))
      ctx.addIssue({ code: 'custom', path: ['staff'], message: TASK_TEXT.bulkAssignMisuse });
  });
export type BulkAssignInput = z.input<typeof BulkAssignInput>;

/** Whether the bulk Assign button is enabled (spec 2 section 5). */
export const canBulkAssign = (v: { assigned: string | null; staff: string | null; user_id: string | null }) =>
  !!v.assigned && v.assigned !== 'Any' && !!v.staff && v.staff !== 'Any' && !!v.user_id;

export const ApplyTemplateInput = z.object({ template_id: z.uuid({ error: TASK_TEXT.noTemplate }) });

/** Users who may be assigned: of an Action By and Staff Responsible, for a project (or any). */
export const AssigneeQuery = z.object({
  project_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  action_by: z.enum(ACTION_BY).optional(),
  staff: z.string().trim().max(60).optional(),
});
export const Assignee = z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() });
export type Assignee = z.infer<typeof Assignee>;

// ---- history (spec 2 section 2.6) ----

export const TASK_HISTORY_TYPES = [
  'Created',
  'Updated',
  'Completed',
  'Restored',
  'Voided',
  'Email',
  'SMS',
  'Assigned',
  'Due date',
] as const;
export const TaskHistoryRow = z.object({
  id: z.number().int(),
  /** Company wall-clock 'YYYY-MM-DD HH:mm'. */
  date: z.string(),
  type: z.enum(TASK_HISTORY_TYPES),
  description: z.string(),
  user: z.string().nullable(),
});
export type TaskHistoryRow = z.infer<typeof TaskHistoryRow>;

// ---- who may do what with a task (the server answers 403 for the same) ----

/**
 * A viewer's abilities on a task of a project they see (the server has checked that): company
 * roles do everything but change a Voided task (restore it first); client and provider users edit
 * Actions Taken and complete a pending task (spec 2 sections 2.3 and 6).
 */
export function taskAbilities(role: Role, status: TaskStatus): TaskAbilities {
  const staff = isStaffRole(role);
  const open = status !== 'Voided';
  return {
    edit: staff && open,
    action_taken: open && (staff || isClientRole(role) || isProviderRole(role)),
    complete: status === 'Pending',
    restore: staff && status !== 'Pending',
    void: staff && open,
    delete: staff,
  };
}
