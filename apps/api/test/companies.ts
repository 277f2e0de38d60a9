/**
 * The usual world of an integration-test file, built in its beforeAll: the app and one or two
 * companies, each with its company_admin signed in, and request helpers that send as a session on
 * a company's host. The file closes the app in its afterAll (`afterAll(() => t.close())`).
 *
 *   let t: TestApp, a: TestTenant, b: TestTenant, adminA: string, adminB: string, asA: As, asB: As;
 *   beforeAll(async () => {
 *     ({ t, a, b, adminA, adminB, asA, asB } = await twoCompanies());
 *   });
 */
import { inject } from 'vitest';
import { loadGazetteer } from '../src/features/geo/load-gazetteer.js';
import {
  createPlatformAdmin,
  createTenant,
  createTestApp,
  PLATFORM_HOST,
  request,
  signIn,
  type RequestOptions,
  type TenantOptions,
  type TestApp,
  type TestAppOverrides,
  type TestResponse,
  type TestTenant,
} from './harness.js';

// The world's types, so that a test file declaring its world needs no second import for them.
export type { TestApp, TestTenant, TestUser } from './harness.js';

/** Sends a request as one session (cookie) on one host. */
export type As = (opts: RequestOptions) => Promise<TestResponse>;

/** Requests as `cookie` on `host` (the platform host when none is given). */
export const as =
  (t: TestApp, cookie: string, host?: string): As =>
  (opts) =>
    request(t, { host, cookie, ...opts });

/** Signs `user` in on `tenant`'s host; requests as them there. */
export const signedIn = async (t: TestApp, tenant: TestTenant, user: { email: string }): Promise<As> =>
  as(t, await signIn(t, tenant.host, user.email), tenant.host);

/** A new platform admin signed in on the platform host: their session cookie. */
export const signInPlatformAdmin = async (t: TestApp): Promise<string> =>
  signIn(t, PLATFORM_HOST, (await createPlatformAdmin()).email);

export type WorldOptions = {
  /** Overrides for the app (createTestApp). */
  app?: TestAppOverrides;
  /** Options for company A (and for B in twoCompanies). */
  a?: TenantOptions;
  b?: TenantOptions;
  /** Load the AU/NZ gazetteer first (place search, geocoding of addresses). */
  gazetteer?: boolean;
};

export type OneCompany = { t: TestApp; tenant: TestTenant };

/** The app and one company, nobody signed in yet (the auth tests sign in themselves). */
export async function oneCompany(opts: WorldOptions = {}): Promise<OneCompany> {
  if (opts.gazetteer) await loadGazetteer(inject('ownerUrl'));
  const [t, tenant] = await Promise.all([createTestApp(opts.app), createTenant(opts.a)]);
  return { t, tenant };
}

export type CompanyAndPlatform = OneCompany & {
  /** The session cookies of the company's company_admin and of a platform admin. */
  companyAdmin: string;
  platformAdmin: string;
  /** Requests as the company admin on the company's host, and as the platform admin on the platform host. */
  asCompany: As;
  asPlatform: As;
};

/** The app, one company with its company_admin signed in, and a platform admin signed in. */
export async function companyAndPlatform(opts: WorldOptions = {}): Promise<CompanyAndPlatform> {
  const { t, tenant } = await oneCompany(opts);
  const [companyAdmin, platformAdmin] = await Promise.all([
    signIn(t, tenant.host, tenant.admin.email),
    signInPlatformAdmin(t),
  ]);
  return {
    t,
    tenant,
    companyAdmin,
    platformAdmin,
    asCompany: as(t, companyAdmin, tenant.host),
    asPlatform: as(t, platformAdmin, PLATFORM_HOST),
  };
}

export type TwoCompanies = {
  t: TestApp;
  a: TestTenant;
  b: TestTenant;
  /** The session cookies of A's and B's company_admin. */
  adminA: string;
  adminB: string;
  /** Requests as A's admin on A's host, and as B's admin on B's host. */
  asA: As;
  asB: As;
};

/** The app and two companies, A and B, with their company_admins signed in. */
export async function twoCompanies(opts: WorldOptions = {}): Promise<TwoCompanies> {
  if (opts.gazetteer) await loadGazetteer(inject('ownerUrl'));
  const t = await createTestApp(opts.app);
  const [a, b] = await Promise.all([createTenant(opts.a), createTenant(opts.b)]);
  const [adminA, adminB] = await Promise.all([signIn(t, a.host, a.admin.email), signIn(t, b.host, b.admin.email)]);
  return { t, a, b, adminA, adminB, asA: as(t, adminA, a.host), asB: as(t, adminB, b.host) };
}
