import axe from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3190);
export const PLATFORM = `http://localhost:${PORT}`;
export const tenantUrl = (slug: string) => `http://${slug}.localhost:${PORT}`;
export const DEMO = tenantUrl('demo');
/**
 * The wait for a screen's first sight in a fresh browser (its chunks and first answers). Alone a
 * screen is ready in about 1-2 s (npm run bench:web); on CI's 2-core machine, with two browsers,
 * the server and PostgreSQL on it, first loads took over 10 s a few times (the project map, the
 * details screen's provider part, the project list once), so a first load gets 30 s. Later steps
 * keep the 10 s default.
 */
export const FIRST_LOAD = { timeout: 30_000 };

/** The seeded accounts (apps/api/src/seed/demo.ts). */
export const PLATFORM_ADMIN = { email: 'admin@siteflow.test', password: 'siteflow-admin' };
export const DEMO_ADMIN = { email: 'olivia.nguyen@demo.test', password: 'siteflow-demo' };
export const DEMO_EMPLOYEE = { email: 'jack.wilson@demo.test', password: 'siteflow-demo' };
export const DEMO_CLIENT_ADMIN = { email: 'grace.howard@harbourside.test', password: 'siteflow-demo' };

type ProjectRow = {
  id: number;
  project_code: string;
  name: string;
  client: { id: string; trading_name: string } | null;
};

/** Projects as the signed-in user sees them through the API (for choosing test subjects). */
export async function listProjects(
  page: Page,
  base: string,
  query = 'pageSize=50',
): Promise<{ items: ProjectRow[]; total: number }> {
  const r = await apiCall(page, base, 'GET', `/api/projects?${query}`);
  expect(r.status).toBe(200);
  return r.json as { items: ProjectRow[]; total: number };
}

export const CSRF = { 'x-siteflow-csrf': '1' };

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Call the API from inside the browser on `base`'s host, so that Chromium resolves *.localhost
 * and keeps the session cookie for that host (Node's resolver does not know *.localhost).
 */
export async function apiCall(page: Page, base: string, method: string, path: string, body?: unknown) {
  if (!page.url().startsWith(base)) await page.goto(`${base}/api/health`);
  return page.evaluate(
    async ({ method, path, body, csrf }) => {
      const response = await fetch(path, {
        method,
        headers: { ...csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body, csrf: CSRF },
  );
}

/** Sign in through the API; the browser keeps the cookie for that host. */
export async function signIn(page: Page, base: string, account: { email: string; password: string }) {
  const response = await apiCall(page, base, 'POST', '/api/auth/login', account);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
}

/** axe-core's browser bundle, and the configuration `@axe-core/playwright` gives it in legacy mode. */
const AXE_SOURCE = `${axe.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

type Finding = { id: string; impact: string | null | undefined; help: string; targets: string[] };

/**
 * No serious or critical axe-core violation on the page as it is now, in every frame.
 *
 * What `@axe-core/playwright` does in legacy mode (each frame checked in place: its default mode
 * opens a helper page, which this Chromium refuses for sandboxed frames), with two costs taken
 * out: it evaluated axe's 570 kB bundle in every frame twice per check, where this puts it in a
 * frame once (a single-page app keeps it until the next `page.goto`), and it carried every result
 * back (passes and inapplicable rules too), where this asks axe for the violations and carries back
 * the serious and critical ones. The rules are axe's defaults, as before.
 */
export async function expectAccessible(page: Page) {
  for (const frame of page.frames()) {
    try {
      const present = await frame.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
      if (!present) await frame.evaluate(AXE_SOURCE);
    } catch {
      // A frame that runs no scripts (the mailbox's sandboxed preview) cannot hold axe: axe reports
      // it as not tested and checks the rest, as `@axe-core/playwright` did.
    }
  }
  const bad = await page.evaluate(async () => {
    const page = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext };
    const results = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map<Finding>((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(' | ')}`)).toEqual([]);
}

/**
 * From a list screen (its heading shown), follow its first link to a new record's form (its
 * heading shown); both screens pass the accessibility check.
 */
export async function openCreateForm(
  page: Page,
  list: { url: string; heading: string; newLink: RegExp },
  formHeading: string,
) {
  await page.goto(list.url);
  await expect(page.getByRole('heading', { name: list.heading })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: list.newLink }).first().click();
  await expect(page.getByRole('heading', { name: formHeading })).toBeVisible();
  await expectAccessible(page);
}

/** A 1x1 PNG: a real image for upload journeys. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What a new project is copied from: a demo project's people, client, catalogue and place. */
type ProjectTemplate = {
  start_date: string | null;
  end_date: string | null;
  client: { id: string };
  account_manager: { id: string };
  project_manager: { id: string };
  project_administrator: { id: string };
  categories: { id: string }[];
  services: { id: string }[];
  location: { street: string; suburb: string; state: string; postcode: string; country: string };
};

/**
 * A new project in the demo company like project `likeId` (same client, staff, services and
 * place, no provider), with `over` on top of its fields; answers the new project's details.
 */
export async function newProjectLike<T>(page: Page, likeId: number, over: Record<string, unknown> = {}): Promise<T> {
  const like = (await apiCall(page, DEMO, 'GET', `/api/projects/${likeId}`)).json as ProjectTemplate;
  const created = await apiCall(page, DEMO, 'POST', '/api/projects', {
    name: unique('E2E project '),
    start_date: like.start_date,
    end_date: like.end_date,
    project_manager: like.project_manager.id,
    project_administrator: like.project_administrator.id,
    client: like.client.id,
    client_am: like.account_manager.id,
    order_reference: unique('E2E-'),
    categories: like.categories.map((c) => c.id),
    services: like.services.map((s) => s.id),
    street: like.location.street,
    suburb: like.location.suburb,
    state: like.location.state,
    postcode: like.location.postcode,
    country: like.location.country,
    site_contacts: [{ name: 'Sam Site' }],
    ...over,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return (await apiCall(page, DEMO, 'GET', `/api/projects/${(created.json as { id: number }).id}`)).json as T;
}

/** The browser's requestAnimationFrame, typed here (the e2e project compiles without the DOM library). */
type Frames = { requestAnimationFrame: (callback: () => void) => number };

/** Resolves once the page has drawn `count` more frames: what an event changed is on screen. */
export const framesDrawn = (page: Page, count = 2) =>
  page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const frame = (globalThis as unknown as Frames).requestAnimationFrame.bind(globalThis);
        const step = (left: number): unknown => (left > 0 ? frame(() => step(left - 1)) : resolve());
        step(n);
      }),
    count,
  );

/** Resolves once the element's box has stayed where it is for `count` frames in a row (no fold or reflow running). */
export const standsStill = (locator: Locator, count = 5) =>
  locator.evaluate(
    (el, n) =>
      new Promise<void>((resolve) => {
        const frame = (globalThis as unknown as Frames).requestAnimationFrame.bind(globalThis);
        let last = '';
        let same = 0;
        const tick = () => {
          const box = JSON.stringify(el.getBoundingClientRect());
          same = box === last ? same + 1 : 0;
          last = box;
          if (same >= n) resolve();
          else frame(tick);
        };
        tick();
      }),
    count,
  );
