import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_TEXT,
  LoginRequest,
  OkResponse,
  ResetLinkRequest,
  ResetPasswordRequest,
  SessionView,
} from '@siteflow/core';
import { clearSessionCookie, SESSION_COOKIE, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponsesWith } from '../../platform/http.js';
import { DEVICE_COOKIE } from './devices.js';
import { describeSession, requestPasswordReset, resetPassword, signIn, signOut } from './service.js';

/** Public routes: nothing to authorize (sign-in is throttled: 429). */
const errors = errorResponsesWith(429);

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.appUrl.startsWith('https:');

  r.get(
    '/api/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in here, and what they may do',
        response: { 200: SessionView, ...errors },
      },
    },
    async (request) => describeSession(deps, tenantOf(request), request.actor),
  );

  r.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: LoginRequest, response: { 200: SessionView, ...errors } } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const session = await signIn(deps, tenant, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousToken: request.cookies[SESSION_COOKIE],
        deviceToken: request.cookies[DEVICE_COOKIE],
        log: request.log,
      });
      // Sent back only to sign-in (its path), so it is not an identifier on every request.
      reply.setCookie(DEVICE_COOKIE, session.device.token, {
        path: '/api/auth/login',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: session.device.expiresAt,
      });
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        ...(session.remember ? { expires: session.expiresAt } : {}),
      });
      return describeSession(deps, tenant, session.actor);
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await signOut(deps, tenantOf(request), token);
      clearSessionCookie(reply);
      return { message: AUTH_TEXT.signedOut };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    { schema: { tags: ['auth'], body: ResetLinkRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await requestPasswordReset(deps, tenantOf(request), request.body.email, { ip: request.ip, log: request.log });
      return { message: AUTH_TEXT.resetLinkSent };
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { tags: ['auth'], body: ResetPasswordRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await resetPassword(deps, tenantOf(request), request.body, { ip: request.ip, log: request.log });
      return { message: AUTH_TEXT.passwordResetDone };
    },
  );
}
