import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Security events, one structured log line each through the request's pino logger (so every line
 * also carries the request id, `reqId`). Fields are ids, addresses and counts only: never a
 * password, a token, a cookie or a full e-mail address (a failed sign-in logs emailHash and
 * emailDomain, see emailFields).
 */
export type SecurityEventName =
  | 'auth.sign_in.succeeded'
  | 'auth.sign_in.failed'
  | 'auth.throttled'
  | 'auth.slowed_down'
  | 'auth.password_reset.requested'
  | 'auth.password_reset.completed'
  | 'auth.password_reset.failed'
  | 'user.role_changed'
  | 'access.unauthenticated'
  | 'access.denied';

export type SecurityFields = {
  tenantId?: string | null;
  userId?: string | null;
  ip?: string;
  [field: string]: string | number | boolean | null | undefined;
};

export type SecurityLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

const WARN = new Set<SecurityEventName>(['auth.throttled', 'access.denied']);

export function securityEvent(log: SecurityLog, event: SecurityEventName, fields: SecurityFields): void {
  const line = { security: true, event, ...fields };
  if (WARN.has(event)) log.warn(line, `security: ${event}`);
  else log.info(line, `security: ${event}`);
}

/**
 * An e-mail address someone typed, made loggable: a short hash (to see repeated attempts on one
 * account across addresses) and the domain (to see a campaign against one organisation).
 */
export function emailFields(email: string): { emailHash: string; emailDomain: string } {
  const normalised = email.trim().toLowerCase();
  return {
    emailHash: crypto.createHash('sha256').update(normalised).digest('hex').slice(0, 16),
    emailDomain: normalised.includes('@') ? normalised.slice(normalised.lastIndexOf('@') + 1) : '',
  };
}

/** The request's common fields: tenant, user (when signed in) and address. */
export const requestFields = (request: FastifyRequest): SecurityFields => ({
  tenantId: request.tenant?.id ?? null,
  userId: request.actor?.userId ?? null,
  ip: request.ip,
});

const refusedActions = new WeakMap<FastifyRequest, string>();

/** authorize() notes the action it refused, so the access.denied event can name it. */
export function noteRefusedAction(request: FastifyRequest, action: string) {
  refusedActions.set(request, action);
}

/**
 * Every answer 401 (not signed in, expired session) or 403 (authorize(), the projects guard,
 * ownership checks inside services, CSRF refusals) is logged as a security event when it is sent.
 */
export function registerSecurityLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (status !== 401 && status !== 403) return;
    securityEvent(request.log, status === 401 ? 'access.unauthenticated' : 'access.denied', {
      ...requestFields(request),
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0],
      status,
      action: refusedActions.get(request) ?? null,
    });
  });
}

/** A role change of a user, for a service to report once its transaction has committed. */
export type RoleChange = { userId: string; from: string | null; to: string };
export type RoleAudit = (change: RoleChange) => void;

/** The RoleAudit of a request: logs who changed whose role, from what to what. */
export const roleAudit =
  (request: FastifyRequest): RoleAudit =>
  (change) => {
    if (change.from === change.to) return;
    securityEvent(request.log, 'user.role_changed', {
      ...requestFields(request),
      userId: request.actor?.userId ?? null,
      targetUserId: change.userId,
      from: change.from,
      to: change.to,
    });
  };
