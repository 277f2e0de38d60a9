import type { FastifyInstance } from 'fastify';
import { IdParam, MailboxMessage, MailboxPage, PageQuery } from '@siteflow/core';
import type { Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { getMailboxMessage, listMailbox } from './service.js';

/** The built-in mailbox (mail delivered when no SMTP server is configured): platform admins only. */
export function mailboxRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, read } = featureRoutes(app, 'mailbox', { read: 'mailbox.read' });

  r.get(
    '/api/mailbox',
    { ...read, schema: { tags, querystring: PageQuery, response: { 200: MailboxPage, ...errors } } },
    async (request) => listMailbox(deps, request.query),
  );

  r.get(
    '/api/mailbox/:id',
    { ...read, schema: { tags, params: IdParam, response: { 200: MailboxMessage, ...errors } } },
    async (request) => getMailboxMessage(deps, request.params.id),
  );
}
