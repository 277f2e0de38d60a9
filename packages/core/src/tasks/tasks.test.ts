import { describe, expect, it } from 'vitest';
import { TASK_TEMPLATE_TEXT } from '../task-templates/task-templates.js';
import { TaskInput } from './tasks.js';

const issuesOf = (input: unknown) => {
  const result = TaskInput.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a project task', () => {
  it('refuses an automatic due date without a trigger, or without what its trigger names', () => {
    expect(issuesOf({ title: 'x' })).toEqual({ trigger: TASK_TEMPLATE_TEXT.triggerRequired });
    expect(issuesOf({ title: 'x', trigger: 'Project Status' })).toEqual({
      trigger_project_status: TASK_TEMPLATE_TEXT.triggerProjectStatus,
    });
    expect(issuesOf({ title: 'x', trigger: 'Completed Task', trigger_completed_task_id: null })).toEqual({
      trigger_completed_task_id: TASK_TEMPLATE_TEXT.triggerCompletedTask,
    });
    expect(issuesOf({ title: 'x', trigger: 'Fixed Date' })).toEqual({
      fixed_date_at: TASK_TEMPLATE_TEXT.triggerFixedDate,
    });
    expect(issuesOf({ title: 'x', trigger: 'Completed Task', trigger_completed_task_id: 7 })).toEqual({});
    expect(issuesOf({ title: 'x', trigger: 'Project Registration Date' })).toEqual({});
  });

  it("takes the Completed Task as the editor's picker holds it (the id as text), and refuses what is not an id", () => {
    const parsed = TaskInput.parse({ title: 'x', trigger: 'Completed Task', trigger_completed_task_id: '12' });
    expect(parsed.trigger_completed_task_id).toBe(12);
    expect(issuesOf({ title: 'x', trigger: 'Completed Task', trigger_completed_task_id: '' })).toEqual({
      trigger_completed_task_id: TASK_TEMPLATE_TEXT.triggerCompletedTask,
    });
    expect(Object.keys(issuesOf({ title: 'x', trigger: 'Completed Task', trigger_completed_task_id: '1e3' }))).toEqual([
      'trigger_completed_task_id',
    ]);
  });

  it('takes a manual due date, or none, without a trigger', () => {
    expect(issuesOf({ title: 'x', is_auto_due_date: false })).toEqual({});
    expect(issuesOf({ title: 'x', is_auto_due_date: false, due_date_at: '2026-12-01 09:30' })).toEqual({});
  });
});
