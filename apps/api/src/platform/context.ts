import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Action, type Role } from '@siteflow/core';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import { inPoolShare, withTenant, type Db, type TenantTxOptions, type Tx } from './db/client.js';
import { forbidden, HttpError, notFound, unauthenticated } from './errors.js';
import type { FileStore } from './files.js';
import type { OnCommit, Outbox } from './mail.js';
import type { JobQueue } from './jobs.js';
import { hashToken } from './tokens.js';
import { noteRefusedAction } from './security-log.js';

/** What every feature may be given; each takes only the parts it needs. */
export type Deps = { config: Config; db: Db; clock: Clock; outbox: Outbox; files: FileStore; jobs: JobQueue };

export type TenantContext = {
  id: string;
  kind: 'platform' | 'customer';
  slug: string | null;
  name: string;
  logoKey: string | null;
  staffPmFlag: boolean;
  staffSystemEmails: boolean;
};

export type Actor = {
  userId: string;
  role: Role;
  sessionId: string;
  tenantId: string;
  area: 'platform' | 'tenant';
  /** The client a client user (client_admin, client_account, client_am) belongs to. */
  clientId: string | null;
  /** The service provider a provider user (sp_admin, sp_employee) belongs to. */
  providerId: string | null;
  /** Who they are, read with the session (GET /api/session needs no query of its own); absent on actors built elsewhere. */
  profile?: { email: string; firstName: string; lastName: string; pictureKey: string | null };
  /**
   * The tenant's data version when the request began (app_data_version(), migration 0035), read
   * with the session: the read cache's key (read-cache.ts), with when this process sent the
   * context's statement and had its answer (performance.now()); absent on actors built elsewhere.
   */
  dataVersion?: DataVersion;
};

export type DataVersion = { version: number; asked: number; answered: number };

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantContext | null;
    actor: Actor | null;
  }
}

export const SESSION_COOKIE = 'sf_session';
export const CSRF_HEADER = 'x-siteflow-csrf';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The slug a host names: null for the bare (platform) host, undefined for a host that is not ours. */
export function slugOfHost(hostname: string, baseHost: string): string | null | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === baseHost) return null;
  if (!host.endsWith(`.${baseHost}`)) return undefined;
  const slug = host.slice(0, -(baseHost.length + 1));
  return /^[a-z0-9-]+$/.test(slug) ? slug : undefined;
}

/** One row of the request-context query: the tenant, and the session's user when the token matched. */
type ContextRow = {
  id: string;
  kind: 'platform' | 'customer';
  slug: string | null;
  name: string;
  logo_key: string | null;
  staff_pm_flag: boolean;
  staff_system_emails: boolean;
  session_id: string | null;
  user_id: string | null;
  role: string | null;
  client_id: string | null;
  provider_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  picture_key: string | null;
  data_version: number | null;
};

/**
 * The tenant of the host and the actor of the session cookie in ONE round trip: every /api request
 * pays for this, so it is one prepared statement calling app_request_context (migration 0036),
 * which finds the tenant, sets it (local to the statement's transaction) for the row-level
 * security of sessions and users, and reads the session's user and the tenant's data version.
 */
export async function findRequestContext(
  db: Db,
  slug: string | null,
  tokenHash: string | null,
  now: Date,
  caller: string,
): Promise<{ tenant: TenantContext | null; actor: Actor | null }> {
  // Within the caller's address's share of the pool (db/tenant-share.ts): nobody is known yet.
  const { rows, asked } = await inPoolShare(db, `address ${caller}`, async () => {
    const asked = performance.now();
    const result = await db.$client.query<ContextRow>({
      name: 'request_context',
      text: 'select * from app_request_context($1, $2, $3)',
      values: [slug, tokenHash, now],
    });
    return { rows: result.rows, asked };
  });
  const row = rows[0];
  if (!row) return { tenant: null, actor: null };
  const tenant: TenantContext = {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    name: row.name,
    logoKey: row.logo_key,
    staffPmFlag: row.staff_pm_flag,
    staffSystemEmails: row.staff_system_emails,
  };
  const actor: Actor | null =
    row.session_id && row.user_id
      ? {
          userId: row.user_id,
          sessionId: row.session_id,
          role: row.role as Role,
          tenantId: tenant.id,
          area: tenant.kind === 'platform' ? 'platform' : 'tenant',
          clientId: row.client_id,
          providerId: row.provider_id,
          profile: {
            email: row.email!,
            firstName: row.first_name!,
            lastName: row.last_name!,
            pictureKey: row.picture_key,
          },
          dataVersion: { version: row.data_version!, asked, answered: performance.now() },
        }
      : null;
  return { tenant, actor };
}

export const UNKNOWN_COMPANY = 'No company is registered at this address.';

/**
 * For every /api request (and /documents/, the spec's file address): the tenant from the verified
 * host, the CSRF check for state-changing requests, and the signed-in actor from the session cookie.
 */
export function registerContext(app: FastifyInstance, deps: Pick<Deps, 'db' | 'config' | 'clock'>) {
  app.decorateRequest('tenant', null);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    if (!isApi && !request.url.startsWith('/documents/')) return;
    if (UNSAFE.has(request.method)) checkCsrf(request);
    const slug = slugOfHost(request.hostname, deps.config.baseHost);
    if (slug === undefined) throw new HttpError(404, UNKNOWN_COMPANY);
    const token = request.cookies[SESSION_COOKIE];
    const { tenant, actor } = await findRequestContext(
      deps.db,
      slug,
      token ? hashToken(token) : null,
      deps.clock.now(),
      request.ip,
    );
    if (!tenant) throw new HttpError(404, UNKNOWN_COMPANY);
    request.tenant = tenant;
    if (token) {
      request.actor = actor;
      if (!actor) clearSessionCookie(reply);
    }
  });
}

function checkCsrf(request: FastifyRequest) {
  // A custom header cannot be sent cross-site without a CORS preflight, which we never allow.
  if (request.headers[CSRF_HEADER] !== '1')
    throw new HttpError(403, 'Invalid CSRF token. Reload the page and try again.');
  const origin = request.headers.origin;
  // 'null' is what a sandboxed frame, a data: or file: page or a cross-site redirect sends: never our page.
  if (origin !== undefined) {
    let host = '';
    try {
      host = new URL(origin).host;
    } catch {
      /* unparsable origin: rejected below */
    }
    if (host !== request.host) throw new HttpError(403, 'Invalid CSRF token. Reload the page and try again.');
  }
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function tenantOf(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw notFound('The company');
  return request.tenant;
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/** Deny by default: the signed-in actor must be granted the action in this area. */
export function authorize(request: FastifyRequest, action: Action): Actor {
  const actor = requireActor(request);
  if (!can(actor, action)) {
    noteRefusedAction(request, action); // for the access.denied security event (security-log.ts)
    throw forbidden();
  }
  return actor;
}

/** Run in the request tenant's transaction; tasks given to onCommit run after it commits. */
export async function inTenant<T>(
  deps: Pick<Deps, 'db'>,
  tenantId: string,
  fn: (tx: Tx, onCommit: OnCommit) => Promise<T>,
  options?: TenantTxOptions,
): Promise<T> {
  let after: (() => Promise<unknown>)[] = [];
  const result = await withTenant(
    deps.db,
    tenantId,
    (tx) => {
      after = []; // a transaction tried again (deadlock) keeps only its last attempt's tasks
      return fn(tx, (task) => after.push(task));
    },
    options,
  );
  for (const task of after) await task().catch(() => undefined); // the outbox sweeper retries what fails here
  return result;
}
