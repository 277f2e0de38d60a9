import { describe, expect, it } from 'vitest';
import {
  contactOptions,
  newTemplateTask,
  nextTaskIndex,
  staffResponsibleOptions,
  TASK_TEMPLATE_TEXT,
  TemplateTaskInput,
  templateTaskHeading,
} from './task-templates.js';

const issuesOf = (input: unknown) => {
  const result = TemplateTaskInput.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('template tasks', () => {
  it('numbers a new task after the last one, or 1', () => {
    expect(nextTaskIndex([])).toBe(1);
    expect(nextTaskIndex([1, 4, 2])).toBe(5);
    expect(newTemplateTask([3]).task_index).toBe(4);
  });

  it('titles a task in the list', () => {
    expect(templateTaskHeading(2, 'Call the client')).toBe('Task 2: Call the client');
  });

  it('applies the spec defaults', () => {
    const task = TemplateTaskInput.parse({ title: 'Book', trigger: 'Current Date' });
    expect(task).toMatchObject({
      priority: 'Medium',
      is_auto_complete: false,
      actioned_at_days: 0,
      actioned_at_hours: 0,
      actioned_at_mins: 0,
      is_auto_due_date: true,
      trigger_type: 'After',
    });
  });

  it('refuses an empty title and offsets out of range, with the exact texts', () => {
    expect(
      issuesOf({ title: '  ', actioned_at_hours: 25, actioned_at_mins: 60, actioned_at_days: -1, task_index: -1 }),
    ).toEqual({
      title: TASK_TEMPLATE_TEXT.titleRequired,
      actioned_at_hours: TASK_TEMPLATE_TEXT.hours,
      actioned_at_mins: TASK_TEMPLATE_TEXT.minutes,
      actioned_at_days: TASK_TEMPLATE_TEXT.days,
      task_index: TASK_TEMPLATE_TEXT.taskIndex,
    });
    expect(
      issuesOf({ title: 'x', trigger: 'Current Date', actioned_at_hours: 24, actioned_at_mins: 59, task_index: 0 }),
    ).toEqual({});
    expect(TASK_TEMPLATE_TEXT.titleRequired).toBe('Sorry, the title cannot be empty.');
  });

  it('offers Staff options by Action By and contacts by recipient', () => {
    expect(staffResponsibleOptions('Company')).toEqual([
      'Project Manager',
      'Project Administrator',
      'Admin',
      'Employee',
      'All',
    ]);
    expect(staffResponsibleOptions('Client')).toEqual(['Account Manager', 'Admin', 'Finance', 'All']);
    expect(staffResponsibleOptions('Service Provider')).toEqual(['Admin', 'Staff', 'All']);
    expect(staffResponsibleOptions(null)).toEqual(['All']);
    expect(contactOptions('Company')).toEqual(['Project Manager', 'Project Administrator']);
    expect(contactOptions('Client')).toEqual(['Account Manager', 'Admin', 'Finance']);
    expect(issuesOf({ title: 'x', trigger: 'Current Date', action_by: 'Client', staff_responsible: 'Staff' })).toEqual({
      staff_responsible: TASK_TEMPLATE_TEXT.staffResponsible,
    });
    expect(
      issuesOf({ title: 'x', trigger: 'Current Date', default_entity: 'Company', default_contact: 'Finance' }),
    ).toEqual({
      default_contact: TASK_TEMPLATE_TEXT.defaultContact,
    });
  });

  it('clears what the chosen trigger and recipient do not use', () => {
    const task = TemplateTaskInput.parse({
      title: 'x',
      trigger: 'Current Date',
      trigger_project_status: 'order',
      fixed_date_at: '2026-01-02 08:00',
      default_entity: 'Site Contact',
      default_contact: 'Admin',
      email_template: '00000000-0000-4000-8000-000000000001',
    });
    expect(task).toMatchObject({
      trigger_project_status: null,
      fixed_date_at: null,
      default_contact: 'Site Contact',
      email_template: null,
    });
    expect(
      TemplateTaskInput.parse({ title: 'x', trigger: 'Project Status', trigger_project_status: 'order' }),
    ).toMatchObject({ trigger_project_status: 'order' });
  });

  it('refuses an automatic due date without a trigger, or without what its trigger names', () => {
    expect(issuesOf({ title: 'x' })).toEqual({ trigger: TASK_TEMPLATE_TEXT.triggerRequired });
    expect(issuesOf({ title: 'x', is_auto_due_date: true, trigger: '' })).toEqual({
      trigger: TASK_TEMPLATE_TEXT.triggerRequired,
    });
    expect(issuesOf({ title: 'x', trigger: 'Project Status' })).toEqual({
      trigger_project_status: TASK_TEMPLATE_TEXT.triggerProjectStatus,
    });
    expect(issuesOf({ title: 'x', trigger: 'Completed Task' })).toEqual({
      trigger_completed_task_id: TASK_TEMPLATE_TEXT.triggerCompletedTask,
    });
    expect(issuesOf({ title: 'x', trigger: 'Fixed Date', fixed_date_at: '' })).toEqual({
      fixed_date_at: TASK_TEMPLATE_TEXT.triggerFixedDate,
    });
    // What each trigger needs, given: saved.
    for (const trigger of ['Current Date', 'Next Task', 'Previous Task', 'Project End Date'])
      expect(issuesOf({ title: 'x', trigger })).toEqual({});
    expect(issuesOf({ title: 'x', trigger: 'Project Status', trigger_project_status: 'order' })).toEqual({});
    expect(
      issuesOf({
        title: 'x',
        trigger: 'Completed Task',
        trigger_completed_task_id: '00000000-0000-4000-8000-000000000001',
      }),
    ).toEqual({});
    expect(issuesOf({ title: 'x', trigger: 'Fixed Date', fixed_date_at: '2026-01-02 08:00' })).toEqual({});
    // A manual due date needs no trigger.
    expect(issuesOf({ title: 'x', is_auto_due_date: false })).toEqual({});
  });
});
