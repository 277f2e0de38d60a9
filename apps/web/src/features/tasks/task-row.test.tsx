import { render, screen } from '@testing-library/react';
import { Accordion, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { TASK_TEXT, type TaskListItem } from '@siteflow/core';
import { TaskRow } from './task-row';

const task = (over: Partial<TaskListItem> = {}): TaskListItem => ({
  id: 5,
  project_id: 7,
  position: 1,
  title: 'Confirm completion with the site contact',
  status: 'Pending',
  priority: 'Medium',
  action_by: 'Company',
  staff_responsible: 'Project Manager',
  due_date_at: '2026-12-05 19:30',
  is_generating: false,
  overdue: true,
  starred: false,
  user_id: '33333333-3333-4333-8333-333333333333',
  user_name: 'Jack Wilson',
  ...over,
});

const show = (t: TaskListItem) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <Accordion>
          <TaskRow task={t}>editor</TaskRow>
        </Accordion>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('TaskRow', () => {
  it('flags a pending task past its due date as Overdue', () => {
    show(task());
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('05/12/2026 07:30 pm')).toBeInTheDocument();
  });

  it('does not flag Overdue while the due date is being generated: the old date is not shown, the new one is not known yet', () => {
    show(task({ is_generating: true }));
    expect(screen.getByText(TASK_TEXT.generating)).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });
});
