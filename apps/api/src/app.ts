import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerContext, SESSION_COOKIE, type Deps } from './platform/context.js';
import { registerReadCache } from './platform/read-cache.js';
import { dbErrorCode, HttpError, INVALID_MESSAGE, type FieldErrors } from './platform/errors.js';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER } from './platform/db/availability.js';
import { registerSecurityLog } from './platform/security-log.js';
import { registerSlowRequestLog } from './platform/slow-requests.js';
import { isUnreadableUpload, registerHardening, UNREADABLE_UPLOAD_MESSAGE } from './platform/hardening.js';
import { authRoutes } from './features/auth/routes.js';
import { customerRoutes } from './features/customers/routes.js';
import { mailboxRoutes } from './features/mailbox/routes.js';
import { settingRoutes } from './features/settings/routes.js';
import { staffRoutes } from './features/staff/routes.js';
import { geoRoutes } from './features/geo/routes.js';
import { routingRoutes } from './features/providers/routing-routes.js';
import { createRouter, type Router } from './features/geo/router.js';
import { projectMapRoutes } from './features/project-map/routes.js';
import { referenceRoutes } from './features/reference/routes.js';
import { clientRoutes } from './features/clients/routes.js';
import { projectRoutes } from './features/projects/routes.js';
import { registerViewLog } from './features/projects/view-log.js';
import { projectLinkRoutes } from './features/project-links/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { certificateRoutes } from './features/certificates/routes.js';
import { taskTemplateRoutes } from './features/task-templates/routes.js';
import { taskRoutes } from './features/tasks/routes.js';
import { quoteFileRoutes } from './features/quotes/file-routes.js';
import { quoteRoutes } from './features/quotes/routes.js';
import { clientQuoteRoutes } from './features/quotes/client-routes.js';
import { messageTemplateRoutes } from './features/messages/routes.js';
import { taskMessageRoutes } from './features/tasks/message-routes.js';
import { catalogueRoutes } from './features/catalogue/routes.js';
import { bomRoutes } from './features/bom/routes.js';
import { quoteRequestRoutes } from './features/quote-requests/routes.js';
import { documentRoutes } from './features/documents/routes.js';
import { providerRoutes } from './features/providers/routes.js';
import { agreementRoutes } from './features/agreements/routes.js';
import { financeRoutes } from './features/finance/routes.js';
import { reportRoutes } from './features/reports/routes.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppOptions = {
  logger?: boolean;
  /** Log (at info level) to this stream instead: tests read the security events from it. */
  logStream?: NodeJS.WritableStream;
  serveWeb?: boolean;
  /** The built web app to serve (default: apps/web/dist). */
  webDist?: string;
  /** Driving routes; by default the one the configuration names (features/geo/router.ts). */
  router?: Router;
};

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? {
            level: options.logStream ? 'info' : deps.config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const tileOrigin = originOf(deps.config.mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Mantine injects component styles at run time
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.appUrl.startsWith('https:'),
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 600 * 1024, files: 2 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Siteflow API',
        version: '0.1.0',
        description: 'State-changing requests need the header `x-siteflow-csrf: 1`.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies are ours ({ message, errors }): sent as plain JSON, never through a route's
    // response schema, so a body that does not fit one cannot turn into Fastify's fallback 500
    // (which names internals such as FST_ERR_RESPONSE_SERIALIZATION).
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const list = (errors[key] ??= []);
        const message = issue.message ?? INVALID_MESSAGE;
        if (!list.includes(message)) list.push(message); // two failed checks with one text say it once
      }
      return reply.code(422).send({ message: INVALID_MESSAGE, errors });
    }
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    if (error instanceof HttpError)
      return reply
        .code(error.status)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    if (isResponseSerializationError(error)) request.log.error({ err: error }, 'response did not match its schema');
    if (isUnreadableUpload(error)) return reply.code(400).send({ message: UNREADABLE_UPLOAD_MESSAGE });
    // The database is down, restarting or out of connections (also from the onRequest hooks): a short 503.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', UNAVAILABLE_RETRY_AFTER).send({ message: UNAVAILABLE_MESSAGE });
    }
    const pgCode = dbErrorCode(error);
    if (pgCode === '23505')
      return reply.code(409).send({ message: 'That conflicts with something that already exists.' });
    // Other integrity violations, and data exceptions (class 22: a NUL byte in text, a value out of range...).
    if (pgCode === '23503' || pgCode === '23514' || pgCode?.startsWith('22'))
      return reply.code(422).send({ message: INVALID_MESSAGE });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.code(413).send({ message: 'The upload is too large.' });
    // Other 4xx from the framework (bad JSON, wrong content type): a plain message, never internals.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported content type.'
        : status === 400
          ? 'The request could not be read.'
          : error.message;
    return reply.code(status).send({ message });
  });

  registerContext(app, deps);
  registerReadCache(app, deps.config.readCacheMb);
  registerViewLog(app, deps.db);
  registerSecurityLog(app);
  registerSlowRequestLog(app, deps.config.slowRequestMs);
  registerHardening(app);
  // A request with no body at all is validated as an empty form, so it gets one message per
  // missing field ('The email field is required.') instead of 'expected object, received null'.
  app.addHook('preValidation', async (request) => {
    if ((request.body === null || request.body === undefined) && request.routeOptions.schema?.body) request.body = {};
  });
  authRoutes(app, deps);
  customerRoutes(app, deps);
  staffRoutes(app, deps);
  settingRoutes(app, deps);
  mailboxRoutes(app, deps);
  geoRoutes(app, deps);
  routingRoutes(app, { db: deps.db, router: options.router ?? createRouter(deps.config) });
  projectMapRoutes(app, deps);
  referenceRoutes(app, deps);
  clientRoutes(app, deps);
  projectRoutes(app, deps);
  projectLinkRoutes(app, deps);
  searchRoutes(app, deps);
  certificateRoutes(app, deps);
  taskTemplateRoutes(app, deps);
  taskRoutes(app, deps);
  messageTemplateRoutes(app, deps);
  taskMessageRoutes(app, deps);
  quoteRoutes(app, deps);
  quoteFileRoutes(app, deps);
  clientQuoteRoutes(app, deps);
  catalogueRoutes(app, deps);
  bomRoutes(app, deps);
  quoteRequestRoutes(app, deps);
  agreementRoutes(app, deps);
  financeRoutes(app, deps);
  reportRoutes(app, deps);
  // Outside /api (the spec's address); before the single-page app's fallback below.
  documentRoutes(app, deps);
  providerRoutes(app, deps);
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  const webDist = options.webDist ?? WEB_DIST;
  const serveWeb = options.serveWeb !== false && fs.existsSync(path.join(webDist, 'index.html'));
  // The build's HTML for a browser with a session cookie preloads the signed-in frame's chunks
  // (apps/web/vite.config.ts `signedInHtml`); without the cookie, or from an older build, index.html.
  const withSignedIn = serveWeb && fs.existsSync(path.join(webDist, SIGNED_IN_HTML));
  const appHtml = (request: FastifyRequest) =>
    withSignedIn && request.cookies[SESSION_COOKIE] ? SIGNED_IN_HTML : 'index.html';
  if (serveWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    // preCompressed: the build's .br/.gz copies (apps/web/vite.config.ts) go to browsers that accept them.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        // The app's HTML depends on the session cookie too (appHtml).
        res.setHeader('vary', /\.html(\.br|\.gz)?$/.test(file) ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
        res.setHeader('cache-control', staticCacheControl(path.relative(webDist, file)));
      },
    });
    // The root address is the app (it sends a signed-in user home and anyone else to sign in), not a
    // directory: with index: false the static files' wildcard would answer it 403.
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile(appHtml(request), APP_HTML),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a 404, never the app's HTML (browsers would report a MIME error).
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/assets/') ||
      request.method !== 'GET' ||
      !serveWeb
    ) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // Every other GET is a screen of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile(appHtml(request), APP_HTML);
  });
  return app;
}

const SIGNED_IN_HTML = 'index.signed-in.html';

/** The app's HTML is revalidated on every visit (the static files' own max-age would keep an old build for an hour). */
const APP_HTML = { cacheControl: false } as const;

/**
 * The build's assets/ carry a content hash in their names (a new build, new names): cached for a
 * year without revalidating. The app's HTML names the current ones, so it is revalidated on every
 * visit; other public files (favicon) are kept an hour.
 */
function staticCacheControl(file: string): string {
  if (/^assets[\\/]/.test(file)) return 'public, max-age=31536000, immutable';
  if (/\.html(\.br|\.gz)?$/.test(file)) return 'no-cache';
  return 'public, max-age=3600';
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url.replace(/\{[a-z]\}/g, 'a')).origin : null;
  } catch {
    return null;
  }
}
