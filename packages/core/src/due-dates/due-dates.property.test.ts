import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_STATUSES, type ProjectStatus } from '../projects/statuses.js';
import {
  computeDueDates,
  dependantsOf,
  DUE_DATE_TRIGGERS,
  type DueDateChange,
  type DueDateInput,
  type DueDateTask,
  type ProjectDateName,
} from './due-dates.js';

// Property tests of the rules in docs/due-dates.md, against a reference written straight from
// them: plain recursion with a depth limit instead of the module's graph walk, and Date.parse
// instead of its calendar fields.

const RUNS = { numRuns: 400 };
const MINUTE = 60_000;
const FROM = Date.UTC(2000, 0, 1) / MINUTE;
const TO = Date.UTC(2100, 11, 31, 23, 59) / MINUTE;

const format = (minutes: number) => new Date(minutes * MINUTE).toISOString().slice(0, 16).replace('T', ' ');
/** Minutes of a wall-clock string, or null when it is not one (round trip through the ISO form). */
function parse(v: string | null | undefined): number | null {
  if (!v || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v)) return null;
  const ms = Date.parse(`${v.replace(' ', 'T')}:00Z`);
  return Number.isNaN(ms) || format(ms / MINUTE) !== v ? null : ms / MINUTE;
}

const validDate = fc.integer({ min: FROM, max: TO }).map(format);
/** Mostly real dates, sometimes none, sometimes a string that is not a date. */
const someDate = fc.oneof(
  { weight: 6, arbitrary: validDate },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('2025-02-29 10:00', '2025-13-01 00:00', 'soon', '') },
);
const projectDates = ['commencement', 'end', 'completion', 'registration'] as const;

const taskArb = (ids: number[]) =>
  fc.record({
    status: fc.constantFrom<DueDateTask['status']>('Pending', 'Pending', 'Pending', 'Completed', 'Voided'),
    isAutoDueDate: fc.constantFrom(true, true, false),
    dueDateAt: someDate,
    completedAt: someDate,
    trigger: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...DUE_DATE_TRIGGERS) },
      { weight: 6, arbitrary: fc.constantFrom<DueDateTask['trigger']>('Next Task', 'Previous Task', 'Completed Task') },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    triggerType: fc.constantFrom<DueDateTask['triggerType']>('After', 'Before'),
    days: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
    hours: fc.integer({ min: 0, max: 24 }),
    minutes: fc.integer({ min: 0, max: 59 }),
    triggerProjectStatus: fc.option(fc.constantFrom(...PROJECT_STATUSES), { freq: 5 }),
    triggerCompletedTaskId: fc.option(fc.constantFrom(...ids, 9999), { freq: 6 }),
    fixedDateAt: someDate,
  });

/** A project and up to 12 tasks with distinct ids that are not their positions. */
const inputArb: fc.Arbitrary<DueDateInput> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 0, maxLength: 12 })
  .chain((ids) =>
    fc.record({
      now: validDate,
      project: fc.record({
        commencement: someDate,
        end: someDate,
        completion: someDate,
        registration: someDate,
        statusEnteredAt: fc.dictionary(fc.constantFrom(...PROJECT_STATUSES), validDate) as fc.Arbitrary<
          Partial<Record<ProjectStatus, string>>
        >,
      }),
      tasks: fc.tuple(...ids.map((id) => taskArb(ids).map((t): DueDateTask => ({ ...t, id })))),
    }),
  );

// ---- the reference ----

const computed = (t: DueDateTask) => t.status === 'Pending' && t.isAutoDueDate;

function linkOf(tasks: readonly DueDateTask[], i: number): number | null {
  const t = tasks[i]!;
  if (!computed(t)) return null;
  const step = t.trigger === 'Next Task' ? 1 : t.trigger === 'Previous Task' ? -1 : 0;
  if (step) {
    for (let j = i + step; j >= 0 && j < tasks.length; j += step) if (tasks[j]!.status !== 'Voided') return j;
    return null;
  }
  if (t.trigger !== 'Completed Task') return null;
  const j = tasks.findIndex((x) => x.id === t.triggerCompletedTaskId);
  return j < 0 ? null : j;
}

/** Positions of computed tasks from which following the links never ends. */
function inCycles(tasks: readonly DueDateTask[]): Set<number> {
  const out = new Set<number>();
  tasks.forEach((_, start) => {
    let i: number | null = start;
    for (let steps = 0; i !== null && steps <= tasks.length; steps++) i = linkOf(tasks, i);
    if (i !== null) out.add(start);
  });
  return out;
}

/** The triggers anchored on one of the project's dates, with that date. */
const PROJECT_DATE_TRIGGERS: Partial<Record<string, ProjectDateName>> = {
  'Project Commencement Date': 'commencement',
  'Project End Date': 'end',
  'Project Completion Date': 'completion',
  'Project Registration Date': 'registration',
};

/** The anchor (minutes or null) of a computed task at position i, assuming no cycle. */
function refAnchor(input: DueDateInput, i: number): number | null {
  const t = input.tasks[i]!;
  const p = input.project;
  const j = linkOf(input.tasks, i);
  const projectDate = t.trigger ? PROJECT_DATE_TRIGGERS[t.trigger] : undefined;
  if (projectDate) return parse(p[projectDate]);
  switch (t.trigger) {
    case 'Current Date':
      return parse(input.now);
    case 'Fixed Date':
      return parse(t.fixedDateAt);
    case 'Project Status':
      return t.triggerProjectStatus ? parse(p.statusEnteredAt[t.triggerProjectStatus]) : null;
    case 'Completed Task':
      return j !== null && input.tasks[j]!.status === 'Completed' ? parse(input.tasks[j]!.completedAt) : null;
    case 'Next Task':
    case 'Previous Task':
      return j === null ? null : computed(input.tasks[j]!) ? refDue(input, j) : parse(input.tasks[j]!.dueDateAt);
    default:
      return null;
  }
}

function refDue(input: DueDateInput, i: number): number | null {
  const t = input.tasks[i]!;
  const anchor = refAnchor(input, i);
  if (anchor === null) return null;
  const by = (t.days * 24 + t.hours) * 60 + t.minutes;
  return anchor + (t.triggerType === 'After' ? by : -by);
}

function reference(input: DueDateInput): Map<number, string | null> {
  return new Map(
    input.tasks.map((t, i) => {
      if (!computed(t)) return [t.id, t.dueDateAt];
      const m = refDue(input, i);
      return [t.id, m === null ? null : format(m)];
    }),
  );
}

const okDueDates = (input: DueDateInput) => {
  const r = computeDueDates(input);
  if (!r.ok) throw new Error(`unexpected refusal: ${r.message}`);
  return r.dueDates;
};

// ---- the properties ----

describe('computeDueDates on random projects (fast-check)', () => {
  it('always ends, and refuses exactly the lists with a cycle, naming a real one', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeDueDates(input);
        const cyclic = inCycles(input.tasks);
        expect(r.ok).toBe(cyclic.size === 0);
        if (r.ok) return;
        // The named tasks are computed, each links to another of them, and following the links
        // from the first visits all of them once and comes back.
        const at = r.cycle.map((id) => input.tasks.findIndex((t) => t.id === id));
        expect(at.every((i) => i >= 0 && computed(input.tasks[i]!))).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
        const visited: number[] = [];
        let i = at[0]!;
        do {
          visited.push(i);
          i = linkOf(input.tasks, i)!;
        } while (i !== at[0] && visited.length <= at.length);
        expect([...visited].sort((a, b) => a - b)).toEqual(at);
        expect(r.message).toContain(at.length === 1 ? `Task ${at[0]! + 1} ` : `Task ${at[0]! + 1}, `);
      }),
      RUNS,
    );
  });

  it('agrees with the reference written from the documented rules', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        fc.pre(inCycles(input.tasks).size === 0);
        expect(okDueDates(input)).toEqual(reference(input));
      }),
      RUNS,
    );
  });

  it('Before never lands after its anchor, After never before it; an unknown anchor gives no due date', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        fc.pre(inCycles(input.tasks).size === 0);
        const due = okDueDates(input);
        input.tasks.forEach((t, i) => {
          if (!computed(t)) return expect(due.get(t.id)).toBe(t.dueDateAt);
          const anchor = refAnchor(input, i);
          const at = parse(due.get(t.id));
          if (anchor === null) return expect(due.get(t.id)).toBeNull();
          expect(at).not.toBeNull();
          if (t.triggerType === 'Before') expect(at!).toBeLessThanOrEqual(anchor);
          else expect(at!).toBeGreaterThanOrEqual(anchor);
        });
      }),
      RUNS,
    );
  });
});

/** A value that differs from `old`: another date when it is one (or none), a date when it is not. */
const otherValue = (old: string | null | undefined) =>
  parse(old) === null
    ? validDate
    : fc.oneof(
        fc.constant(null),
        fc
          .integer({ min: -100_000, max: 100_000 })
          .filter((d) => d !== 0)
          .map((d) => format(parse(old)! + d)),
      );

/** A change and the input after it, on the same list of tasks. */
const changedArb = inputArb.chain((before) => {
  const ids = before.tasks.map((t) => t.id);
  const arbs: fc.Arbitrary<[DueDateChange, DueDateInput]>[] = [
    fc.constantFrom<ProjectDateName>(...projectDates).chain((date) =>
      otherValue(before.project[date]).map((v): [DueDateChange, DueDateInput] => [
        { kind: 'project date', date },
        { ...before, project: { ...before.project, [date]: v } },
      ]),
    ),
    fc.constantFrom(...PROJECT_STATUSES).chain((status) =>
      otherValue(before.project.statusEnteredAt[status]).map((v): [DueDateChange, DueDateInput] => {
        const statusEnteredAt = { ...before.project.statusEnteredAt };
        if (v === null) delete statusEnteredAt[status];
        else statusEnteredAt[status] = v;
        return [
          { kind: 'project status', status },
          { ...before, project: { ...before.project, statusEnteredAt } },
        ];
      }),
    ),
    otherValue(before.now)
      .filter((v) => v !== null)
      .map((now): [DueDateChange, DueDateInput] => [{ kind: 'current date' }, { ...before, now: now! }]),
  ];
  if (ids.length) {
    const withTask = (id: number, over: (t: DueDateTask) => fc.Arbitrary<Partial<DueDateTask>>) => {
      const t = before.tasks.find((x) => x.id === id)!;
      return over(t).map((o) => ({ ...before, tasks: before.tasks.map((x) => (x.id === id ? { ...x, ...o } : x)) }));
    };
    arbs.push(
      // A stored due date edited.
      fc
        .constantFrom(...ids)
        .chain((id) =>
          withTask(id, (t) => otherValue(t.dueDateAt).map((dueDateAt) => ({ dueDateAt }))).map(
            (after): [DueDateChange, DueDateInput] => [{ kind: 'task due date', taskId: id }, after],
          ),
        ),
      // A Completed task's completion time edited.
      fc
        .constantFrom(...ids)
        .chain((id) =>
          withTask(id, (t) =>
            otherValue(t.completedAt).map((completedAt) => ({ completedAt, status: 'Completed' })),
          ).map((after): [DueDateChange, DueDateInput] => [{ kind: 'task completed', taskId: id }, after]),
        ),
    );
  }
  return fc.oneof(...arbs).map(([change, after]) => ({ before, change, after }));
});

describe('dependantsOf on random projects (fast-check)', () => {
  it('a change of a date, status or now moves exactly the tasks dependantsOf names', () => {
    fc.assert(
      fc.property(changedArb, ({ before, change, after }) => {
        fc.pre(inCycles(before.tasks).size === 0);
        if (change.kind === 'task completed') {
          // Only edits of a task already Completed here; completing a task is the next property.
          fc.pre(before.tasks.find((t) => t.id === change.taskId)!.status === 'Completed');
        }
        const a = okDueDates(before);
        const b = okDueDates(after);
        const self = 'taskId' in change ? change.taskId : null;
        const moved = before.tasks.filter((t) => t.id !== self && a.get(t.id) !== b.get(t.id)).map((t) => t.id);
        expect(moved).toEqual(dependantsOf(before, change));
        expect(dependantsOf(after, change)).toEqual(dependantsOf(before, change));
      }),
      RUNS,
    );
  });

  it('completing a task moves exactly the tasks waiting for its completion', () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), validDate, (input, pick, completedAt) => {
        fc.pre(input.tasks.length > 0 && inCycles(input.tasks).size === 0);
        const u = input.tasks[pick % input.tasks.length]!;
        fc.pre(u.status === 'Pending');
        // The stored due dates are up to date, as after the last computation.
        const before = { ...input, tasks: input.tasks.map((t) => ({ ...t, dueDateAt: okDueDates(input).get(t.id)! })) };
        const after = {
          ...before,
          tasks: before.tasks.map((t) => (t.id === u.id ? { ...t, status: 'Completed' as const, completedAt } : t)),
        };
        const a = okDueDates(before);
        const b = okDueDates(after);
        const moved = before.tasks.filter((t) => t.id !== u.id && a.get(t.id) !== b.get(t.id)).map((t) => t.id);
        expect(moved).toEqual(dependantsOf(before, { kind: 'task completed', taskId: u.id }));
      }),
      RUNS,
    );
  });
});

describe('purity', () => {
  afterEach(() => vi.useRealTimers());

  const deepFreeze = <T>(v: T): T => {
    if (v && typeof v === 'object') {
      Object.values(v).forEach(deepFreeze);
      Object.freeze(v);
    }
    return v;
  };

  const clone = (v: DueDateInput): DueDateInput => JSON.parse(JSON.stringify(v)) as DueDateInput;

  it('depends on the input only: not on the clock, earlier calls or the object it is handed', () => {
    fc.assert(
      fc.property(inputArb, inputArb, fc.date({ noInvalidDate: true }), (input, other, clock) => {
        const first = computeDueDates(clone(input));
        const firstDeps = dependantsOf(clone(input), { kind: 'project date', date: 'end' });
        computeDueDates(other);
        dependantsOf(other, { kind: 'current date' });
        vi.useFakeTimers({ now: clock });
        const frozen = deepFreeze(clone(input));
        expect(computeDueDates(frozen)).toEqual(first);
        expect(dependantsOf(frozen, { kind: 'project date', date: 'end' })).toEqual(firstDeps);
        vi.useRealTimers();
      }),
      { numRuns: 100 },
    );
  });
});
