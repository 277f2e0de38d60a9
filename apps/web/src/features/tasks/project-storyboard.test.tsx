import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORYBOARD_TEXT, type StoryboardView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ProjectStoryboard } from './project-storyboard';

const entry = (title: string, over: Partial<StoryboardView['items'][number]> = {}) => ({
  task_id: title.length,
  title,
  status: 'Pending' as const,
  action_taken: null,
  due_date_at: '2026-12-03 08:00',
  completed_at: null,
  updated_at: '2026-11-24 10:00',
  user_name: 'Chloe Smith',
  ...over,
});

describe('the project storyboard', { timeout: 30_000 }, () => {
  beforeEach(() => stubMatchMedia(true));

  it('shows a client user their board: the shared actions with what was done', async () => {
    mockFetch(() => ({
      body: {
        board: 'client',
        boards: ['client'],
        items: [entry('Site visit booked', { action_taken: 'Monday 8 am.' })],
      },
    }));
    renderScreen(<ProjectStoryboard projectId={7} />, {
      session: tenantSession(['tasks.view']),
      route: '/x',
      path: '/x',
    });
    expect(await screen.findByRole('heading', { name: 'Client storyboard' })).toBeInTheDocument();
    expect(screen.getByText('Site visit booked')).toBeInTheDocument();
    expect(screen.getByText('Monday 8 am.')).toBeInTheDocument();
    expect(screen.getByText('Due 03/12/2026 08:00 am')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Storyboard' })).not.toBeInTheDocument();
  });

  it('lets company users switch to the provider board; an empty board says so', async () => {
    const { calls } = mockFetch((call) => ({
      body: call.url.includes('board=sp')
        ? { board: 'sp', boards: ['client', 'sp'], items: [] }
        : { board: 'client', boards: ['client', 'sp'], items: [entry('For the client')] },
    }));
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectStoryboard projectId={7} />, {
      session: tenantSession(['tasks.view', 'tasks.manage']),
      route: '/x',
      path: '/x',
    });
    expect(await screen.findByText('For the client')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Service provider storyboard' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/projects/7/storyboard?board=sp')).toBe(true));
    expect(await screen.findByText(STORYBOARD_TEXT.empty)).toBeInTheDocument();
  });

  it('on a phone the two boards stack at the card width; on a wider screen they sit side by side', async () => {
    const both = { board: 'client', boards: ['client', 'sp'], items: [] };
    for (const phone of [true, false]) {
      stubMatchMedia(phone);
      mockFetch(() => ({ body: both }));
      const { unmount } = renderScreen(<ProjectStoryboard projectId={7} />, {
        session: tenantSession(['tasks.view', 'tasks.manage']),
        route: '/x',
        path: '/x',
      });
      const boards = await screen.findByRole('radiogroup', { name: 'Storyboard' });
      expect(
        within(boards)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['client', 'sp']);
      expect(boards).toHaveAttribute('data-orientation', phone ? 'vertical' : 'horizontal');
      if (phone) expect(boards).toHaveAttribute('data-full-width');
      else expect(boards).not.toHaveAttribute('data-full-width');
      unmount();
    }
  });
});
