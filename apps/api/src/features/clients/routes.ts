import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AccountManager,
  AccountManagerQuickAdd,
  CLIENT_TEXT,
  ClientInput,
  ClientListQuery,
  ClientPage,
  ClientUserInput,
  ClientUserView,
  ClientView,
  IdParam,
} from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { roleAudit } from '../../platform/security-log.js';
import { errorResponses as errors, guard, uuidId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

const ClientSaved = z.object({ message: z.string(), client: ClientView });
const ClientUserSaved = z.object({ message: z.string(), user: ClientUserView });
const UserParams = z.object({ id: uuidId, userId: uuidId });

/** Client companies, their users and their account managers. */
export function clientRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'clients', { view: 'clients.view', manage: 'clients.manage' });

  r.get(
    '/api/clients',
    { ...view, schema: { tags, querystring: ClientListQuery, response: { 200: ClientPage, ...errors } } },
    async (request) => svc.listClients(deps, tenantOf(request), request.query),
  );
  r.post(
    '/api/clients',
    { ...manage, schema: { tags, body: ClientInput, response: { 201: ClientSaved, ...errors } } },
    async (request, reply) => {
      const client = await svc.createClient(deps, tenantOf(request), request.body);
      reply.code(201);
      return { message: CLIENT_TEXT.created, client };
    },
  );
  r.get(
    '/api/clients/:id',
    { ...view, schema: { tags, params: IdParam, response: { 200: ClientView, ...errors } } },
    async (request) => svc.getClient(deps, tenantOf(request), request.params.id),
  );
  r.put(
    '/api/clients/:id',
    { ...manage, schema: { tags, params: IdParam, body: ClientInput, response: { 200: ClientSaved, ...errors } } },
    async (request) => ({
      message: CLIENT_TEXT.saved,
      client: await svc.updateClient(deps, tenantOf(request), request.params.id, request.body),
    }),
  );
  for (const [path, active, message] of [
    ['deactivate', false, CLIENT_TEXT.deactivated],
    ['activate', true, CLIENT_TEXT.activated],
  ] as const) {
    r.post(
      `/api/clients/:id/${path}`,
      { ...manage, schema: { tags, params: IdParam, response: { 200: ClientSaved, ...errors } } },
      async (request) => ({
        message,
        client: await svc.setClientActive(deps, tenantOf(request), request.params.id, active),
      }),
    );
  }

  r.get(
    '/api/clients/:id/users',
    {
      ...view,
      schema: { tags, params: IdParam, response: { 200: z.object({ items: z.array(ClientUserView) }), ...errors } },
    },
    async (request) => svc.listClientUsers(deps, tenantOf(request), request.params.id),
  );
  r.post(
    '/api/clients/:id/users',
    {
      ...manage,
      schema: {
        tags,
        description: 'Creates a client user; an active one is e-mailed a link to set a password.',
        params: IdParam,
        body: ClientUserInput,
        response: { 201: ClientUserSaved, ...errors },
      },
    },
    async (request, reply) => {
      const user = await svc.createClientUser(deps, tenantOf(request), request.params.id, request.body);
      reply.code(201);
      return { message: CLIENT_TEXT.userCreated, user };
    },
  );
  r.put(
    '/api/clients/:id/users/:userId',
    {
      ...manage,
      schema: {
        tags,
        description: 'Deactivating a user ends their sessions.',
        params: UserParams,
        body: ClientUserInput,
        response: { 200: ClientUserSaved, ...errors },
      },
    },
    async (request) => ({
      message: CLIENT_TEXT.userSaved,
      user: await svc.updateClientUser(
        deps,
        tenantOf(request),
        request.params.id,
        request.params.userId,
        request.body,
        roleAudit(request),
      ),
    }),
  );

  r.get(
    '/api/clients/:id/account-managers',
    {
      ...view,
      schema: {
        tags,
        description: 'Active account managers of the client, sorted by name.',
        params: IdParam,
        response: { 200: z.object({ items: z.array(AccountManager) }), ...errors },
      },
    },
    async (request) => svc.listAccountManagers(deps, tenantOf(request), request.params.id),
  );
  r.post(
    '/api/clients/:id/account-managers',
    {
      ...guard('clients.quickAdd'),
      schema: {
        tags,
        description:
          'Quick Add: creates an active account manager without an invitation e-mail; they set a password through Forgot Your Password.',
        params: IdParam,
        body: AccountManagerQuickAdd,
        response: { 201: AccountManager, ...errors },
      },
    },
    async (request, reply) => {
      const manager = await svc.quickAddAccountManager(deps, tenantOf(request), request.params.id, request.body);
      reply.code(201);
      return manager;
    },
  );
}
