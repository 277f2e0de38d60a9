import type { ReactElement } from 'react';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { SessionView } from '@siteflow/core';
import { startFirstData } from '../app/first-data';
import { createQueryClient } from '../app/providers';
import { SESSION_KEY } from '../session';
import { renderScreen, type mockFetch } from './render';

export type HeadStartCase = {
  /** The address the page opens on (with its query string). */
  address: string;
  /** The route's path pattern (`/projects/:id/assign-provider`). */
  path: string;
  screen: ReactElement;
  session: SessionView;
  /** The paths (no query string) of the requests the screen's data makes as it opens. */
  data: string[];
  /** Installs the API the screen talks to (mockFetch) and returns it. */
  serve: () => ReturnType<typeof mockFetch>;
};

const pathOf = (url: string) => url.split('?')[0]!;

export const addressLocation = (address: string) => {
  const url = new URL(address, 'http://x');
  return { pathname: url.pathname, search: url.search };
};

/**
 * The app's head start on an address (`app/first-data.ts`) asks for exactly what the screen asks
 * for as it opens on its own (the same requests, query strings included), and the screen, drawn
 * afterwards with the same cache, asks for none of it again (the same query keys).
 */
export async function expectHeadStartServesScreen({ address, path, screen, session, data, serve }: HeadStartCase) {
  const ofData = (urls: string[]) => urls.filter((url) => data.includes(pathOf(url))).sort();

  const alone = serve();
  renderScreen(screen, { session, route: address, path });
  await waitFor(() => expect(new Set(ofData(alone.calls.map((c) => c.url)).map(pathOf)).size).toBe(data.length));
  // Given time for a request the screen would make after its first render.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const screenAsks = [...new Set(ofData(alone.calls.map((c) => c.url)))];

  const fetch = serve();
  const client = createQueryClient({ retry: false });
  client.setQueryData(SESSION_KEY, session);
  await startFirstData(client, addressLocation(address));
  expect(ofData(fetch.calls.map((c) => c.url))).toEqual(screenAsks);
  const asked = fetch.calls.length;
  const view = renderScreen(screen, { session, route: address, path, client });
  await waitFor(() => expect(view.container.querySelector('h1')).not.toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ofData(fetch.calls.slice(asked).map((c) => c.url))).toEqual([]);
}
