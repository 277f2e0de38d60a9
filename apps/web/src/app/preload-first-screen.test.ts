import { beforeAll, describe, expect, it } from 'vitest';
import { settingKeys } from '../features/settings/api';
import { mockFetch, tenantSession } from '../test/render';
import { createQueryClient } from './providers';
import { FIRST_DATA_WAIT_MS, preloadFirstScreen } from './router';

const SETTINGS = { items: [{ id: 's1', name: 'Terms', content: '<p>Terms</p>' }] };
const at = { pathname: '/settings', search: '' };

describe('the first screen (main.tsx draws it once preloadFirstScreen resolves)', () => {
  // The screen's code loaded once beforehand, so that it is here at once (as from the browser's
  // cache) and only the data can hold the first screen back.
  beforeAll(async () => {
    await Promise.all([import('./signed-in'), import('../features/settings/setting-list-screen')]);
  }, 30_000);

  it('waits for its first data as well as its code, so the first render has the data', async () => {
    mockFetch(async (call) => {
      if (call.url.startsWith('/api/session')) return { body: tenantSession(['settings.view']) };
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { body: SETTINGS };
    });
    const client = createQueryClient({ retry: false });
    await preloadFirstScreen(client, at);
    expect(client.getQueryData(settingKeys.lists)).toEqual(SETTINGS);
  });

  it('draws without the data once it has waited FIRST_DATA_WAIT_MS (the screen shows its own loading state)', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/session')
        ? { body: tenantSession(['settings.view']) }
        : new Promise<never>(() => undefined),
    );
    const client = createQueryClient({ retry: false });
    const started = performance.now();
    await preloadFirstScreen(client, at);
    expect(performance.now() - started).toBeGreaterThanOrEqual(FIRST_DATA_WAIT_MS - 20);
    expect(client.getQueryState(settingKeys.lists)?.status).toBe('pending');
  });

  it('does not wait for a user who may not open the screen', async () => {
    const fetch = mockFetch(() => ({ body: tenantSession(['staff.view']) }));
    const started = performance.now();
    await preloadFirstScreen(createQueryClient({ retry: false }), at);
    expect(performance.now() - started).toBeLessThan(FIRST_DATA_WAIT_MS);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/session']);
  });
});
