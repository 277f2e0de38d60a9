import { describe, expect, it } from 'vitest';
// @ts-expect-error -- vitest (vite) loads '?raw' as the file's text; core's tsconfig has no vite types.
import doc from '../../../../docs/due-dates.md?raw';
import { PROJECT_STATUS_LABELS } from '../projects/statuses.js';
import {
  computeDueDates,
  dependantsOf,
  offsetWallClock,
  TASK_DUE_TEXT,
  type DueDateChange,
  type DueDateInput,
  type DueDateProject,
  type DueDateTask,
} from './due-dates.js';

/** Ids differ from positions (Task 3 has id 30), so a mix-up of the two shows. */
const idAt = (position: number) => position * 10;
const positionOf = (id: number) => id / 10;

const task = (position: number, over: Partial<DueDateTask> = {}): DueDateTask => ({
  id: idAt(position),
  status: 'Pending',
  isAutoDueDate: true,
  dueDateAt: null,
  completedAt: null,
  trigger: 'Project End Date',
  triggerType: 'After',
  days: 0,
  hours: 0,
  minutes: 0,
  triggerProjectStatus: null,
  triggerCompletedTaskId: null,
  fixedDateAt: null,
  ...over,
});

const noDates: DueDateProject = {
  commencement: null,
  end: null,
  completion: null,
  registration: null,
  statusEnteredAt: {},
};

const run = (tasks: DueDateTask[], project: Partial<DueDateProject> = {}, now = '2024-12-31 22:00') =>
  computeDueDates({ now, project: { ...noDates, ...project }, tasks });

/** The due dates by id (a refusal fails the test). */
function computeDueDatesOf(r: ReturnType<typeof computeDueDates>) {
  if (!r.ok) throw new Error(r.message);
  return Object.fromEntries(r.dueDates);
}

/** The due dates by position (a refusal fails the test). */
function dueByPosition(input: DueDateInput): Record<number, string | null> {
  const r = computeDueDates(input);
  if (!r.ok) throw new Error(r.message);
  return Object.fromEntries([...r.dueDates].map(([id, due]) => [positionOf(id), due]));
}

// ---- the worked example of docs/due-dates.md ----

const project: DueDateProject = {
  registration: '2024-01-15 09:30',
  commencement: '2024-02-01 07:00',
  end: '2024-02-28 17:00',
  completion: null,
  statusEnteredAt: { order: '2024-01-20 10:00' },
};
const now = '2024-12-31 22:00';
type Off = [DueDateTask['triggerType'], number, number, number];
const off = ([triggerType, days, hours, minutes]: Off) => ({ triggerType, days, hours, minutes });

/** [task, anchor column, due date column] of each row. */
const rows: [DueDateTask, string, string][] = [
  [
    task(1, { trigger: 'Project Registration Date', ...off(['After', 2, 0, 0]) }),
    '2024-01-15 09:30 (registered)',
    '2024-01-17 09:30',
  ],
  [
    task(2, { trigger: 'Project Commencement Date', ...off(['Before', 1, 2, 30]) }),
    '2024-02-01 07:00 (commencement)',
    '2024-01-31 04:30',
  ],
  [
    task(3, { trigger: 'Project End Date', ...off(['After', 1, 8, 0]) }),
    '2024-02-28 17:00 (end date)',
    '2024-03-01 01:00',
  ],
  [task(4, { trigger: 'Current Date', ...off(['After', 0, 3, 0]) }), '2024-12-31 22:00 (now)', '2025-01-01 01:00'],
  [
    task(5, { trigger: 'Fixed Date', fixedDateAt: '2024-03-01 08:00', ...off(['Before', 1, 0, 0]) }),
    '2024-03-01 08:00 (fixed date)',
    '2024-02-29 08:00',
  ],
  [
    task(6, { trigger: 'Project Status', triggerProjectStatus: 'order', ...off(['After', 0, 24, 0]) }),
    '2024-01-20 10:00 (entered Order)',
    '2024-01-21 10:00',
  ],
  [
    task(7, { trigger: 'Project Status', triggerProjectStatus: 'scheduled', ...off(['After', 1, 0, 0]) }),
    'unknown: never Scheduled',
    'no due date',
  ],
  [
    task(8, { trigger: 'Project Completion Date', ...off(['Before', 2, 0, 0]) }),
    'unknown: not completed',
    'no due date',
  ],
  [
    task(9, {
      status: 'Completed',
      completedAt: '2024-02-20 16:15',
      dueDateAt: '2024-02-19 17:00',
      ...off(['Before', 9, 0, 0]),
    }),
    'kept: not Pending',
    '2024-02-19 17:00',
  ],
  [
    task(10, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(9), ...off(['After', 0, 1, 45]) }),
    '2024-02-20 16:15 (Task 9 completed)',
    '2024-02-20 18:00',
  ],
  [
    task(11, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(1), ...off(['After', 1, 0, 0]) }),
    'unknown: Task 1 is Pending',
    'no due date',
  ],
  [
    task(12, { isAutoDueDate: false, dueDateAt: '2024-03-10 12:00', ...off(['After', 5, 0, 0]) }),
    'kept: manual',
    '2024-03-10 12:00',
  ],
  [
    task(13, { trigger: 'Previous Task', ...off(['After', 2, 0, 0]) }),
    '2024-03-10 12:00 (Task 12)',
    '2024-03-12 12:00',
  ],
  [
    task(14, { trigger: 'Next Task', ...off(['Before', 0, 0, 45]) }),
    '2024-02-28 17:00 (Task 16, 15 is Voided)',
    '2024-02-28 16:15',
  ],
  [
    task(15, { status: 'Voided', trigger: 'Current Date', dueDateAt: '2024-01-01 00:00' }),
    'kept: not Pending',
    '2024-01-01 00:00',
  ],
  [task(16, { trigger: 'Project End Date' }), '2024-02-28 17:00 (end date)', '2024-02-28 17:00'],
  [task(17, { trigger: 'Next Task', ...off(['After', 1, 0, 0]) }), 'unknown: no task after it', 'no due date'],
];
const example: DueDateInput = { now, project, tasks: rows.map(([t]) => t) };

const statusCell = (t: DueDateTask) =>
  t.status === 'Pending'
    ? `Pending, ${t.isAutoDueDate ? 'auto' : 'manual'}`
    : t.status === 'Completed'
      ? `Completed ${t.completedAt}`
      : t.status;
const triggerCell = (t: DueDateTask) =>
  t.trigger === 'Fixed Date'
    ? `Fixed Date ${t.fixedDateAt}`
    : t.trigger === 'Project Status'
      ? `Project Status ${PROJECT_STATUS_LABELS[t.triggerProjectStatus!]}`
      : t.trigger === 'Completed Task'
        ? `Completed Task ${positionOf(t.triggerCompletedTaskId!)}`
        : t.trigger!;
const offsetCell = (t: DueDateTask) => `${t.triggerType} ${t.days} d ${t.hours} h ${t.minutes} min`;

const changes: [DueDateChange, number[]][] = [
  [{ kind: 'project date', date: 'end' }, [3, 14, 16]],
  [{ kind: 'project date', date: 'registration' }, [1]],
  [{ kind: 'project status', status: 'scheduled' }, [7]],
  [{ kind: 'task completed', taskId: idAt(1) }, [11]],
  [{ kind: 'task due date', taskId: idAt(12) }, [13]],
  [{ kind: 'current date' }, [4]],
];
const changeCell = (c: DueDateChange) =>
  c.kind === 'project date'
    ? `project date: ${c.date}`
    : c.kind === 'project status'
      ? `project status: ${PROJECT_STATUS_LABELS[c.status]}`
      : c.kind === 'current date'
        ? 'current date'
        : `${c.kind}: ${positionOf(c.taskId)}`;

const cycles: [DueDateTask[], string][] = [
  [
    [task(1), task(2, { trigger: 'Next Task' }), task(3, { trigger: 'Previous Task' })],
    'These tasks take their due dates from each other: Task 2, Task 3. Change the trigger of one of them.',
  ],
  [
    [task(1, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(1) })],
    'Task 1 takes its due date from its own completion. Change its trigger.',
  ],
  [
    [
      task(1, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(3) }),
      task(2, { trigger: 'Previous Task' }),
      task(3, { trigger: 'Previous Task' }),
      task(4, { trigger: 'Next Task' }),
    ],
    'These tasks take their due dates from each other: Task 1, Task 2, Task 3. Change the trigger of one of them.',
  ],
];
const cycleTasksCell = (tasks: DueDateTask[]) => tasks.map((t, i) => `${i + 1} ${triggerCell(t)}`).join(', ');

/** The rows (cells trimmed) of the markdown table whose header is `header`, in docs/due-dates.md. */
function docTable(header: string[]): string[][] {
  const lines = (doc as string).split('\n');
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const at = lines.findIndex((l) => l.trim().startsWith('|') && cells(l).join('|') === header.join('|'));
  expect(at, `table ${header.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const out: string[][] = [];
  for (let i = at + 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) out.push(cells(lines[i]!));
  return out;
}

describe('the worked examples of docs/due-dates.md', () => {
  it('the example table is the documented one, and computes as documented', () => {
    const expected = rows.map(([t, anchor, due], i) => [
      String(i + 1),
      statusCell(t),
      triggerCell(t),
      offsetCell(t),
      anchor,
      due,
    ]);
    expect(docTable(['Task', 'Status', 'Trigger', 'Offset', 'Anchor', 'Due date'])).toEqual(expected);
    const got = dueByPosition(example);
    expect(got).toEqual(
      Object.fromEntries(rows.map(([t, , due]) => [positionOf(t.id), due === 'no due date' ? null : due])),
    );
  });

  it('each anchor column with a date is the due date before its offset', () => {
    for (const [t, anchor, due] of rows) {
      const at = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/.exec(anchor) ? anchor.slice(0, 16) : null;
      if (at) expect(offsetWallClock(at, t), `Task ${positionOf(t.id)}`).toBe(due);
    }
  });

  it('the change table is the documented one, and dependantsOf names those tasks', () => {
    expect(docTable(['Change', 'Tasks it moves'])).toEqual(
      changes.map(([c, moved]) => [changeCell(c), moved.join(', ')]),
    );
    for (const [c, moved] of changes) expect(dependantsOf(example, c).map(positionOf), changeCell(c)).toEqual(moved);
  });

  it('the cycle table is the documented one, and those lists are refused with its messages', () => {
    expect(docTable(['Tasks in list order', 'Result'])).toEqual(cycles.map(([ts, msg]) => [cycleTasksCell(ts), msg]));
    for (const [ts, msg] of cycles) expect(run(ts)).toMatchObject({ ok: false, message: msg });
  });
});

describe('triggers', () => {
  const dates = {
    commencement: '2025-03-03 07:00',
    end: '2025-03-31 17:00',
    completion: '2025-04-02 15:30',
    registration: '2025-02-14 11:11',
    statusEnteredAt: { quote: '2025-02-14 11:15', closed: '2025-04-05 09:00' },
  };
  const one = (over: Partial<DueDateTask>, at = '2025-06-01 12:00') =>
    dueByPosition({ now: at, project: dates, tasks: [task(1, over)] })[1];

  it('reads each project date, status and now', () => {
    expect(one({ trigger: 'Project Commencement Date' })).toBe('2025-03-03 07:00');
    expect(one({ trigger: 'Project End Date' })).toBe('2025-03-31 17:00');
    expect(one({ trigger: 'Project Completion Date' })).toBe('2025-04-02 15:30');
    expect(one({ trigger: 'Project Registration Date' })).toBe('2025-02-14 11:11');
    expect(one({ trigger: 'Project Status', triggerProjectStatus: 'quote' })).toBe('2025-02-14 11:15');
    expect(one({ trigger: 'Project Status', triggerProjectStatus: 'closed' })).toBe('2025-04-05 09:00');
    expect(one({ trigger: 'Current Date' }, '2025-06-01 12:00')).toBe('2025-06-01 12:00');
    expect(one({ trigger: 'Current Date' }, '2025-06-02 08:05')).toBe('2025-06-02 08:05');
    expect(one({ trigger: 'Fixed Date', fixedDateAt: '2025-07-04 08:00' })).toBe('2025-07-04 08:00');
  });

  it('reads Completed Task from the completion time of a Completed task only', () => {
    const done = (status: DueDateTask['status']) =>
      run([
        task(1, { status, completedAt: '2025-05-05 05:05', dueDateAt: '2025-05-01 00:00' }),
        task(2, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(1), ...off(['After', 1, 0, 0]) }),
      ]);
    expect(computeDueDatesOf(done('Completed'))[20]).toBe('2025-05-06 05:05');
    expect(computeDueDatesOf(done('Pending'))[20]).toBeNull();
    expect(computeDueDatesOf(done('Voided'))[20]).toBeNull();
  });

  it('reads Next and Previous Task from the nearest task that is not Voided, computed or kept', () => {
    const got = dueByPosition({
      now,
      project: { ...noDates, end: '2025-01-10 10:00' },
      tasks: [
        task(1, { trigger: 'Next Task', ...off(['Before', 1, 0, 0]) }),
        task(2, { status: 'Voided', dueDateAt: '2030-01-01 00:00' }),
        task(3, { status: 'Completed', dueDateAt: '2025-01-05 09:00', completedAt: '2025-01-04 09:00' }),
        task(4, { trigger: 'Previous Task', ...off(['After', 0, 2, 0]) }),
        task(5, { trigger: 'Previous Task', ...off(['After', 0, 0, 30]) }),
        task(6, { trigger: 'Next Task', ...off(['Before', 0, 0, 15]) }),
        task(7, { trigger: 'Project End Date' }),
      ],
    });
    expect(got).toEqual({
      1: '2025-01-04 09:00',
      2: '2030-01-01 00:00',
      3: '2025-01-05 09:00',
      4: '2025-01-05 11:00',
      5: '2025-01-05 11:30',
      6: '2025-01-10 09:45',
      7: '2025-01-10 10:00',
    });
  });
});

describe('offsets: After adds, Before subtracts calendar days, hours and minutes', () => {
  const at = (a: string | null, o: Off) => offsetWallClock(a, off(o));
  it('crosses month and year ends', () => {
    expect(at('2025-01-31 23:30', ['After', 0, 0, 45])).toBe('2025-02-01 00:15');
    expect(at('2025-12-31 20:00', ['After', 1, 4, 0])).toBe('2026-01-02 00:00');
    expect(at('2026-01-01 00:00', ['Before', 0, 0, 1])).toBe('2025-12-31 23:59');
    expect(at('2025-03-01 06:00', ['Before', 30, 24, 59])).toBe('2025-01-29 05:01');
  });
  it('knows 29 February', () => {
    expect(at('2024-02-28 12:00', ['After', 1, 0, 0])).toBe('2024-02-29 12:00');
    expect(at('2025-02-28 12:00', ['After', 1, 0, 0])).toBe('2025-03-01 12:00');
    expect(at('2024-03-01 00:10', ['Before', 0, 0, 20])).toBe('2024-02-29 23:50');
    expect(at('2024-02-29 09:00', ['After', 365, 0, 0])).toBe('2025-02-28 09:00');
    expect(at('2000-02-28 09:00', ['After', 1, 0, 0])).toBe('2000-02-29 09:00');
    expect(at('2100-02-28 09:00', ['After', 1, 0, 0])).toBe('2100-03-01 09:00');
  });
  it('counts a day as 24 wall-clock hours whatever the zone does', () => {
    // Sydney and Melbourne change clocks on these days; company wall clock does not care.
    expect(at('2025-04-05 12:00', ['After', 1, 0, 0])).toBe('2025-04-06 12:00');
    expect(at('2025-10-05 01:30', ['After', 0, 1, 0])).toBe('2025-10-05 02:30');
  });
  it('zero offsets keep the anchor; stored forms with T or seconds are read', () => {
    expect(at('2025-05-05 05:05', ['Before', 0, 0, 0])).toBe('2025-05-05 05:05');
    expect(at('2025-05-05T05:05', ['After', 0, 0, 5])).toBe('2025-05-05 05:10');
    expect(at('2025-05-05 05:05:59', ['After', 0, 0, 5])).toBe('2025-05-05 05:10');
  });
  it('gives no date for a date that is not real, a bad offset or a result beyond the year 9999', () => {
    expect(at('2025-02-29 10:00', ['After', 0, 0, 0])).toBeNull();
    expect(at('2025-01-01 24:00', ['After', 0, 0, 0])).toBeNull();
    expect(at('21/11/2026 08:00', ['After', 0, 0, 0])).toBeNull();
    expect(at('', ['After', 0, 0, 0])).toBeNull();
    expect(at(null, ['After', 0, 0, 0])).toBeNull();
    expect(at('2025-01-01 00:00', ['After', -1, 0, 0])).toBeNull();
    expect(at('2025-01-01 00:00', ['After', 1.5, 0, 0])).toBeNull();
    expect(at('9999-12-31 23:00', ['After', 0, 1, 0])).toBeNull();
    expect(at('0001-01-01 00:30', ['Before', 0, 0, 31])).toBeNull();
    expect(at('0099-03-01 00:00', ['Before', 0, 0, 1])).toBe('0099-02-28 23:59');
  });
});

describe('tasks that are not computed', () => {
  it('keep their stored date and lend it as an anchor', () => {
    const got = dueByPosition({
      now,
      project: { ...noDates, end: '2025-01-10 10:00' },
      tasks: [
        task(1, { isAutoDueDate: false, dueDateAt: '2025-02-02 02:02' }),
        task(2, { status: 'Completed', dueDateAt: null, completedAt: '2025-01-01 08:00' }),
        task(3, { status: 'Voided', dueDateAt: 'not a date' }),
        task(4, { trigger: 'Previous Task', ...off(['After', 1, 0, 0]) }),
        task(5, { isAutoDueDate: false, dueDateAt: null, trigger: 'Previous Task' }),
        task(6, { trigger: 'Previous Task' }),
      ],
    });
    // 4 takes 2's kept date (none): unknown; 3 is Voided and skipped.
    expect(got).toEqual({
      1: '2025-02-02 02:02',
      2: null,
      3: 'not a date',
      4: null,
      5: null,
      6: null,
    });
  });
});

describe('unknown anchors give no due date', () => {
  it('directly and through a chain', () => {
    const got = dueByPosition({
      now,
      project: noDates,
      tasks: [
        task(1, { trigger: 'Project End Date' }),
        task(2, { trigger: 'Previous Task', ...off(['After', 1, 0, 0]) }),
        task(3, { trigger: 'Previous Task', ...off(['After', 1, 0, 0]) }),
        task(4, { trigger: 'Completed Task', triggerCompletedTaskId: 999 }),
        task(5, { trigger: 'Project Status', triggerProjectStatus: null }),
        task(6, { trigger: 'Fixed Date', fixedDateAt: null }),
        task(7, { trigger: null }),
      ],
    });
    expect(got).toEqual({ 1: null, 2: null, 3: null, 4: null, 5: null, 6: null, 7: null });
  });
});

describe('cycles', () => {
  it('are refused with the tasks in them, in list order, whatever else the list holds', () => {
    const r = run([
      task(1, { trigger: 'Project End Date' }),
      task(2, { trigger: 'Previous Task' }),
      task(3, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(5) }),
      task(4, { status: 'Voided' }),
      task(5, { trigger: 'Next Task' }),
      task(6, { trigger: 'Previous Task' }),
    ]);
    // 3 waits for 5, 5 takes 6's date, 6 takes 5's: the cycle is 5 and 6; 3 is only behind it.
    expect(r).toEqual({
      ok: false,
      cycle: [idAt(5), idAt(6)],
      message: TASK_DUE_TEXT.cycle.replace('{tasks}', 'Task 5, Task 6'),
    });
  });

  it('are broken by a task that is not computed', () => {
    const tasks = [
      task(1, { trigger: 'Next Task', ...off(['Before', 1, 0, 0]) }),
      task(2, { trigger: 'Previous Task', isAutoDueDate: false, dueDateAt: '2025-08-08 08:00' }),
      task(3, { trigger: 'Completed Task', triggerCompletedTaskId: idAt(3), status: 'Completed', dueDateAt: null }),
    ];
    expect(computeDueDatesOf(run(tasks))).toEqual({ 10: '2025-08-07 08:00', 20: '2025-08-08 08:00', 30: null });
  });

  it('dependantsOf names no task in or behind a cycle', () => {
    const input: DueDateInput = {
      now,
      project: { ...noDates, end: '2025-01-01 00:00' },
      tasks: [task(1, { trigger: 'Next Task' }), task(2, { trigger: 'Previous Task' }), task(3)],
    };
    expect(dependantsOf(input, { kind: 'project date', date: 'end' })).toEqual([idAt(3)]);
  });
});
