import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Action, ProjectLinkView, SessionView, StoryboardView, TaskList } from '@siteflow/core';
import { ProjectLinksPanel } from '../features/project-links';
import { project } from '../features/projects/test-fixtures';
import { ProjectStoryboard, ProjectTasksPanel } from '../features/tasks';
import { mockFetch, renderScreen, tenantSession } from '../test/render';
import { stubMatchMedia } from '../test/setup';
import { createQueryClient } from './providers';
import { prefetchProjectPage } from './project-details-prefetch';

const view = project();
const PAGE = `/projects/${view.id}/show`;

const TASKS: TaskList = {
  groups: [],
  tasks: [
    {
      id: 11,
      project_id: view.id,
      title: 'Book the site visit',
      status: 'Pending',
      number: 1,
    } as unknown as TaskList['tasks'][number],
  ],
  total: 1,
  next_page: null,
  project: { status: 'order', task_count: 1, open_count: 1, manage: false, close: false },
};
const STORYBOARD: StoryboardView = { board: 'client', boards: ['client'], items: [] };
const LINK: ProjectLinkView = {
  id: '5f0c6a7e-1d2b-4c3d-8e9f-0a1b2c3d4e5f',
  title: 'Council portal',
  url: 'https://example.test/portal',
  summary: null,
  updated_at: '2026-12-01 09:00',
};

/** The API the page's start asks, each request noted: the session, the project and its parts. */
function serve(session: SessionView) {
  return mockFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/session') return { body: session };
    if (path === `/api/projects/${view.id}`) return { body: view };
    if (path === '/api/tasks') return { body: TASKS };
    if (path === `/api/projects/${view.id}/storyboard`) return { body: STORYBOARD };
    if (path === `/api/projects/${view.id}/links`) return { body: { items: [LINK], total: 1, page: 1, pageSize: 10 } };
    if (path === '/api/tasks/assignees') return { body: { items: [] } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

const paths = (urls: string[]) => urls.map((url) => url.split('?')[0]!);

describe("a project page's first requests", () => {
  const abilities: Action[] = ['projects.view', 'tasks.view'];
  // What the tables need of the browser (as in the panels' own tests).
  beforeEach(() => {
    stubMatchMedia(true);
    Element.prototype.scrollTo ??= () => undefined;
  });

  it('asks for the project, its action list (with the filters in the address), storyboard and links at once', async () => {
    const fetch = serve(tenantSession(abilities));
    await prefetchProjectPage(createQueryClient({ retry: false }), PAGE, '?status=Completed');
    const urls = fetch.calls.map((c) => c.url);
    expect(paths(urls).sort()).toEqual(
      [
        '/api/session',
        `/api/projects/${view.id}`,
        '/api/tasks',
        `/api/projects/${view.id}/storyboard`,
        `/api/projects/${view.id}/links`,
      ].sort(),
    );
    const tasks = new URL(
      urls.find((u) => u.startsWith('/api/tasks?'))!,
      'http://x',
    ).searchParams;
    expect(tasks.get('project_id')).toBe(String(view.id));
    expect(tasks.get('status')).toBe('Completed');
  });

  it('leaves the parts nothing more to ask when they are drawn: the same requests, from the cache', async () => {
    const fetch = serve(tenantSession(abilities));
    const client = createQueryClient({ retry: false });
    await prefetchProjectPage(client, PAGE, '');
    const asked = fetch.calls.length;
    renderScreen(
      <>
        <ProjectTasksPanel projectId={view.id} />
        <ProjectStoryboard projectId={view.id} />
        <ProjectLinksPanel projectId={view.id} canManage={false} />
      </>,
      { session: tenantSession(abilities), route: PAGE, path: '/projects/:id/show', client },
    );
    expect(await screen.findByText('Book the site visit')).toBeInTheDocument();
    expect(await screen.findByText('Council portal')).toBeInTheDocument();
    const later = paths(fetch.calls.slice(asked).map((c) => c.url));
    expect(later.filter((p) => p === '/api/tasks' || p.endsWith('/storyboard') || p.endsWith('/links'))).toEqual([]);
  });

  it('asks for no action list or storyboard for a user who may not see tasks', async () => {
    const fetch = serve(tenantSession(['projects.view']));
    await prefetchProjectPage(createQueryClient({ retry: false }), PAGE, '');
    expect(paths(fetch.calls.map((c) => c.url)).sort()).toEqual(
      ['/api/session', `/api/projects/${view.id}`, `/api/projects/${view.id}/links`].sort(),
    );
  });
});
