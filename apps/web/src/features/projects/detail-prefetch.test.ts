import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '@siteflow/core';
import { mockFetch, tenantSession } from '../../test/render';
import { projectKeys } from './api';
import { prefetchProject } from './detail-prefetch';
import { project } from './test-fixtures';

/** The app's start on a details address, over a fake API answering the session and the project. */
async function start(pathname: string, session: SessionView) {
  const view = project();
  const fetch = mockFetch((call) => {
    if (call.url === '/api/session') return { body: session };
    if (call.url === `/api/projects/${view.id}`) return { body: view };
    return { status: 404, body: { message: 'Not found' } };
  });
  const client = new QueryClient();
  await prefetchProject(client, pathname.replace(':id', String(view.id)));
  return { client, view, urls: fetch.calls.map((c) => c.url) };
}

describe('prefetchProject', () => {
  it('asks for the project of a details address once the session allows it, and keeps it for the screen', async () => {
    const { client, view, urls } = await start('/projects/:id/show', tenantSession(['projects.view']));
    expect(urls).toEqual(['/api/session', `/api/projects/${view.id}`]);
    expect(client.getQueryData(projectKeys.detail(view.id))).toEqual(view);
  });

  it('asks for nothing more for a user who may not see projects, or no one signed in', async () => {
    expect((await start('/projects/:id/show', tenantSession(['staff.view']))).urls).toEqual(['/api/session']);
    const signedOut = { ...tenantSession([]), user: null, abilities: [] } as SessionView;
    expect((await start('/projects/:id/show', signedOut)).urls).toEqual(['/api/session']);
  });

  it('asks for nothing on an address without a project number', async () => {
    expect((await start('/projects/abc/show', tenantSession(['projects.view']))).urls).toEqual([]);
  });
});
