import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Action, type Role } from '@siteflow/core';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import { withTenant, type Db, type Tx } from './db/client.js';
import { sessions, tenants, users } from './db/schema.js';
import { forbidden, HttpError, notFound, unauthenticated } from './errors.js';
import type { FileStore } from './files.js';
import type { OnCommit, Outbox } from './mail.js';
import { hashToken } from './tokens.js';
import { noteRefusedAction } from './security-log.js';

/** What every feature may be given; each takes only the parts it needs. */
export type Deps = { config: Config; db: Db; clock: Clock; outbox: Outbox; files: FileStore };

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
};

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

async function findTenant(db: Db, slug: string | null): Promise<TenantContext | null> {
  const rows = await db
    .select({
      id: tenants.id,
      kind: tenants.kind,
      slug: tenants.slug,
      name: tenants.customerName,
      logoKey: tenants.logoKey,
      staffPmFlag: tenants.staffPmFlag,
      staffSystemEmails: tenants.staffSystemEmails,
    })
    .from(tenants)
    .where(slug === null ? eq(tenants.kind, 'platform') : eq(tenants.slug, slug))
    .limit(1);
  return rows[0] ?? null;
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
    const tenant = slug === undefined ? null : await findTenant(deps.db, slug);
    if (!tenant) throw new HttpError(404, UNKNOWN_COMPANY);
    request.tenant = tenant;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.actor = await findActor(deps.db, deps.clock, tenant, token);
      if (!request.actor) clearSessionCookie(reply);
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

async function findActor(db: Db, clock: Clock, tenant: TenantContext, token: string): Promise<Actor | null> {
  const rows = await withTenant(db, tenant.id, (tx) =>
    tx
      .select({
        sessionId: sessions.id,
        userId: users.id,
        role: users.role,
        clientId: users.clientId,
        providerId: users.serviceProviderId,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, clock.now()), eq(users.active, true)))
      .limit(1),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role as Role,
    tenantId: tenant.id,
    area: tenant.kind === 'platform' ? 'platform' : 'tenant',
    clientId: row.clientId,
    providerId: row.providerId,
  };
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
): Promise<T> {
  let after: (() => Promise<unknown>)[] = [];
  const result = await withTenant(deps.db, tenantId, (tx) => {
    after = []; // a transaction tried again (deadlock) keeps only its last attempt's tasks
    return fn(tx, (task) => after.push(task));
  });
  for (const task of after) await task().catch(() => undefined); // the outbox sweeper retries what fails here
  return result;
}
