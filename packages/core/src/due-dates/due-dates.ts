import type { ProjectStatus } from '../projects/statuses.js';

/**
 * The due dates of a project's action list (issue 12, spec 2 sections 3, 4 and 9). The spec names
 * the triggers but not the arithmetic; the rules are ours and docs/due-dates.md states them with
 * worked examples (due-dates.test.ts checks that table). Pure: dates are company wall-clock strings
 * ('YYYY-MM-DD HH:mm', see format/wall-clock.ts) and `now` comes from the caller (wallClockAt).
 */

export const DUE_DATE_TRIGGERS = [
  'Current Date',
  'Completed Task',
  'Fixed Date',
  'Next Task',
  'Previous Task',
  'Project Commencement Date',
  'Project Completion Date',
  'Project End Date',
  'Project Registration Date',
  'Project Status',
] as const;
export type DueDateTrigger = (typeof DUE_DATE_TRIGGERS)[number];
export type DueDateTriggerType = 'After' | 'Before';
export type DueDateTaskStatus = 'Pending' | 'Completed' | 'Voided';
export type TaskId = number;

/** A project date a trigger can name: start_date, end_date, completed_on and created. */
export type ProjectDateName = 'commencement' | 'end' | 'completion' | 'registration';

export interface DueDateTask {
  id: TaskId;
  status: DueDateTaskStatus;
  isAutoDueDate: boolean;
  /** The stored due date: the user's date on a manual task, kept as is on a Completed or Voided one. */
  dueDateAt: string | null;
  completedAt: string | null;
  trigger: DueDateTrigger | null;
  triggerType: DueDateTriggerType;
  days: number;
  hours: number;
  minutes: number;
  triggerProjectStatus: ProjectStatus | null;
  triggerCompletedTaskId: TaskId | null;
  fixedDateAt: string | null;
}

export interface DueDateProject {
  commencement: string | null;
  end: string | null;
  completion: string | null;
  registration: string | null;
  /** When the project (last) entered each status; a status it has never been in is absent. */
  statusEnteredAt: Partial<Record<ProjectStatus, string>>;
}

export interface DueDateInput {
  /** The company wall-clock time now: wallClockAt(new Date()) at the caller. */
  now: string;
  project: DueDateProject;
  /** The project's tasks in list order; ids are unique. */
  tasks: readonly DueDateTask[];
}

export type DueDateResult =
  { ok: true; dueDates: Map<TaskId, string | null> } | { ok: false; cycle: TaskId[]; message: string };

/** A change that moves due dates; dependantsOf names the tasks it moves. */
export type DueDateChange =
  | { kind: 'project date'; date: ProjectDateName }
  | { kind: 'project status'; status: ProjectStatus }
  | { kind: 'task completed'; taskId: TaskId }
  | { kind: 'task due date'; taskId: TaskId }
  | { kind: 'current date' };

export const TASK_DUE_TEXT = {
  cycle: 'These tasks take their due dates from each other: {tasks}. Change the trigger of one of them.',
  ownCompletion: '{task} takes its due date from its own completion. Change its trigger.',
  /** How a task is named in those messages: its position in the list, from 1. */
  task: 'Task {position}',
} as const;

// ---- wall-clock arithmetic: calendar minutes, no time zone (UTC fields used as a plain calendar) ----

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const MS_PER_MINUTE = 60_000;

/** Minutes since 1970-01-01 00:00 of a wall-clock string, or null when it is not a real date and time. */
function toMinutes(v: string | null): number | null {
  const m = v ? WALL_CLOCK.exec(v) : null;
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, 0, 0);
  const real = t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h;
  return real && y >= 1 ? t.getTime() / MS_PER_MINUTE : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm', or null outside the years 1 to 9999. */
function fromMinutes(minutes: number): string | null {
  const t = new Date(minutes * MS_PER_MINUTE);
  const y = t.getUTCFullYear();
  if (!(y >= 1 && y <= 9999)) return null;
  return `${pad(y, 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

type Offset = Pick<DueDateTask, 'triggerType' | 'days' | 'hours' | 'minutes'>;
const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;

function shift(anchor: number | null, o: Offset): number | null {
  if (anchor === null || !whole(o.days) || !whole(o.hours) || !whole(o.minutes)) return null;
  const by = (o.days * 24 + o.hours) * 60 + o.minutes;
  const at = anchor + (o.triggerType === 'Before' ? -by : by);
  return fromMinutes(at) === null ? null : at;
}

/**
 * `at` moved by the offset: After adds, Before subtracts days (calendar days: 24 wall-clock hours),
 * hours and minutes. Null when `at` is null or not a date, or the result leaves the years 1 to 9999.
 */
export function offsetWallClock(at: string | null, offset: Offset): string | null {
  const m = shift(toMinutes(at), offset);
  return m === null ? null : fromMinutes(m);
}

// ---- the dependency graph ----

const computed = (t: DueDateTask) => t.status === 'Pending' && t.isAutoDueDate;

/** Where a task's anchor comes from in the end, after following Next/Previous Task through computed tasks. */
type Source = DueDateChange | { kind: 'fixed date'; taskId: TaskId } | { kind: 'none' };

interface Graph {
  tasks: readonly DueDateTask[];
  /** Position in the list of each task id. */
  position: Map<TaskId, number>;
  /** Per position: the position of the task its trigger names (Next, Previous, Completed Task), or null. */
  edge: (number | null)[];
  /** Per position: the computed task whose due date is its anchor (Next/Previous Task), or null. */
  via: (number | null)[];
}

function graphOf(tasks: readonly DueDateTask[]): Graph {
  const position = new Map(tasks.map((t, i) => [t.id, i] as const));
  const nearest = (from: number, step: 1 | -1) => {
    for (let j = from + step; j >= 0 && j < tasks.length; j += step) if (tasks[j]!.status !== 'Voided') return j;
    return null;
  };
  const edge = tasks.map((t, i) => {
    if (!computed(t)) return null;
    if (t.trigger === 'Next Task') return nearest(i, 1);
    if (t.trigger === 'Previous Task') return nearest(i, -1);
    if (t.trigger === 'Completed Task' && t.triggerCompletedTaskId !== null)
      return position.get(t.triggerCompletedTaskId) ?? null;
    return null;
  });
  const via = tasks.map((t, i) => {
    const j = edge[i] ?? null;
    return t.trigger !== 'Completed Task' && j !== null && computed(tasks[j]!) ? j : null;
  });
  return { tasks, position, edge, via };
}

/** The first cycle of task triggers in list order (positions, ascending), or null. */
function findCycle({ edge }: Graph): number[] | null {
  const state: ('new' | 'open' | 'done')[] = edge.map(() => 'new');
  for (let start = 0; start < edge.length; start++) {
    const path: number[] = [];
    let i: number | null = start;
    while (i !== null && state[i] === 'new') {
      state[i] = 'open';
      path.push(i);
      i = edge[i] ?? null;
    }
    if (i !== null && state[i] === 'open') return path.slice(path.indexOf(i)).sort((a, b) => a - b);
    for (const p of path) state[p] = 'done';
  }
  return null;
}

/** The source a computed task's own trigger names, when it is not another computed task's due date. */
function ownSource(g: Graph, i: number): Source {
  const t = g.tasks[i]!;
  const j = g.edge[i] ?? null;
  switch (t.trigger) {
    case 'Current Date':
      return { kind: 'current date' };
    case 'Fixed Date':
      return { kind: 'fixed date', taskId: t.id };
    case 'Project Commencement Date':
      return { kind: 'project date', date: 'commencement' };
    case 'Project End Date':
      return { kind: 'project date', date: 'end' };
    case 'Project Completion Date':
      return { kind: 'project date', date: 'completion' };
    case 'Project Registration Date':
      return { kind: 'project date', date: 'registration' };
    case 'Project Status':
      return t.triggerProjectStatus ? { kind: 'project status', status: t.triggerProjectStatus } : { kind: 'none' };
    case 'Completed Task':
      return j === null ? { kind: 'none' } : { kind: 'task completed', taskId: g.tasks[j]!.id };
    case 'Next Task':
    case 'Previous Task':
      return j === null ? { kind: 'none' } : { kind: 'task due date', taskId: g.tasks[j]!.id };
    default:
      return { kind: 'none' };
  }
}

const taskOf = (g: Graph, id: TaskId) => {
  const i = g.position.get(id);
  return i === undefined ? undefined : g.tasks[i];
};

function anchorOf(input: DueDateInput, g: Graph, source: Source): number | null {
  switch (source.kind) {
    case 'current date':
      return toMinutes(input.now);
    case 'fixed date':
      return toMinutes(taskOf(g, source.taskId)?.fixedDateAt ?? null);
    case 'project date':
      return toMinutes(input.project[source.date]);
    case 'project status':
      return toMinutes(input.project.statusEnteredAt[source.status] ?? null);
    case 'task completed': {
      const t = taskOf(g, source.taskId);
      return t?.status === 'Completed' ? toMinutes(t.completedAt) : null;
    }
    case 'task due date':
      return toMinutes(taskOf(g, source.taskId)?.dueDateAt ?? null);
    case 'none':
      return null;
  }
}

const labelOf = (position: number) => TASK_DUE_TEXT.task.replace('{position}', String(position + 1));

/**
 * Every task's due date. Pending tasks with an automatic due date get their anchor moved by their
 * offset (null when the anchor is not known); the others keep dueDateAt. A cycle of task triggers
 * is refused with the tasks in it and the message to show.
 */
export function computeDueDates(input: DueDateInput): DueDateResult {
  const g = graphOf(input.tasks);
  const cycle = findCycle(g);
  if (cycle) {
    const message =
      cycle.length === 1
        ? TASK_DUE_TEXT.ownCompletion.replace('{task}', labelOf(cycle[0]!))
        : TASK_DUE_TEXT.cycle.replace('{tasks}', cycle.map(labelOf).join(', '));
    return { ok: false, cycle: cycle.map((i) => input.tasks[i]!.id), message };
  }
  // No cycle: following `via` from any task ends. Resolve each chain from its end, memoised.
  const due = new Map<number, number | null>();
  for (let start = 0; start < input.tasks.length; start++) {
    if (!computed(input.tasks[start]!)) continue;
    const chain: number[] = [];
    for (let i: number | null = start; i !== null && !due.has(i); i = g.via[i] ?? null) chain.push(i);
    for (const i of chain.reverse()) {
      const j = g.via[i] ?? null;
      const anchor = j === null ? anchorOf(input, g, ownSource(g, i)) : due.get(j)!;
      due.set(i, shift(anchor, input.tasks[i]!));
    }
  }
  const dueDates = new Map<TaskId, string | null>();
  input.tasks.forEach((t, i) => {
    const m = due.get(i);
    dueDates.set(t.id, m === undefined ? t.dueDateAt : m === null ? null : fromMinutes(m));
  });
  return { ok: true, dueDates };
}

const sameSource = (a: Source, b: DueDateChange) => {
  switch (b.kind) {
    case 'project date':
      return a.kind === b.kind && a.date === b.date;
    case 'project status':
      return a.kind === b.kind && a.status === b.status;
    case 'task completed':
    case 'task due date':
      return a.kind === b.kind && a.taskId === b.taskId;
    case 'current date':
      return a.kind === b.kind;
  }
};

/**
 * The tasks (ids, in list order) whose computed due date depends, directly or through other tasks,
 * on the change: what a job re-computes after it. Tasks in or behind a cycle depend on nothing.
 * Changes to the task list itself (a trigger, a void, the order) move more: re-compute them all.
 */
export function dependantsOf(input: DueDateInput, change: DueDateChange): TaskId[] {
  const g = graphOf(input.tasks);
  const root = new Map<number, Source>();
  const out: TaskId[] = [];
  input.tasks.forEach((t, start) => {
    if (!computed(t)) return;
    const chain: number[] = [];
    const seen = new Set<number>();
    let i: number | null = start;
    while (i !== null && !root.has(i) && !seen.has(i)) {
      seen.add(i);
      chain.push(i);
      i = g.via[i] ?? null;
    }
    // The chain ends at a task whose own trigger is the source, at a task already traced, or in a cycle.
    const source: Source = i === null ? ownSource(g, chain[chain.length - 1]!) : (root.get(i) ?? { kind: 'none' });
    for (const p of chain) root.set(p, source);
    if (sameSource(root.get(start)!, change)) out.push(t.id);
  });
  return out;
}
