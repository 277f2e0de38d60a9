import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  type AccountManager,
  CLIENT_ROLES,
  CLIENT_TEXT,
  type ClientRole,
  type ClientUserView,
  type ClientView,
  sortManagers,
  userNames,
} from '@siteflow/core';
import type { z } from 'zod';
import type { AccountManagerQuickAdd, ClientInput, ClientListQuery, ClientUserInput } from '@siteflow/core';
import { inTenant, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec, Tx } from '../../platform/db/client.js';
import { clients, projects, users } from '../../platform/db/schema.js';
import { containsAny } from '../../platform/db/like.js';
import { fieldError, uniqueOrFieldError, notFound } from '../../platform/errors.js';
import type { RoleAudit } from '../../platform/security-log.js';
import * as accounts from '../auth/accounts.js';
import { sendPasswordLink } from '../auth/password-links.js';
import { inOrder } from '../../platform/db/in-order.js';

type D = Pick<Deps, 'db'>;
type ClientData = z.output<typeof ClientInput>;
type ClientUserData = z.output<typeof ClientUserInput>;
type QuickAddData = z.output<typeof AccountManagerQuickAdd>;
type UserRow = typeof users.$inferSelect;

const isClientRole = (role: string): role is ClientRole => (CLIENT_ROLES as readonly string[]).includes(role);

// One statement for the page: the counts are correlated subqueries over tenant-leading indexes.
// (Spelt with the table name: drizzle leaves columns of a single-table select unqualified.)
const userCount =
  sql<number>`(select count(*) from ${users} u where u.tenant_id = "clients"."tenant_id" and u.client_id = "clients"."id")`.mapWith(
    Number,
  );
const projectCount =
  sql<number>`(select count(*) from ${projects} p where p.tenant_id = "clients"."tenant_id" and p.client_id = "clients"."id")`.mapWith(
    Number,
  );

const selectClients = (tx: Exec) => tx.select({ c: clients, userCount, projectCount }).from(clients);
type ClientRow = { c: typeof clients.$inferSelect; userCount: number; projectCount: number };

const present = ({ c, userCount: users_, projectCount: projects_ }: ClientRow): ClientView => ({
  id: c.id,
  trading_name: c.tradingName,
  email: c.email,
  phone: c.phone,
  street: c.street,
  suburb: c.suburb,
  state: c.state,
  postcode: c.postcode,
  active: c.active,
  user_count: users_,
  project_count: projects_,
  created_at: c.createdAt.toISOString(),
});

export async function listClients(deps: D, tenant: TenantContext, query: z.output<typeof ClientListQuery>) {
  const where = and(
    query.status === 'all' ? undefined : eq(clients.active, query.status === 'active'),
    containsAny(query.search, [clients.tradingName, clients.email, clients.suburb, clients.phone]),
  );
  return inTenant(deps, tenant.id, async (tx) => {
    const [rows, [total]] = await inOrder(
      () =>
        selectClients(tx)
          .where(where)
          .orderBy(asc(clients.tradingName), asc(clients.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      () => tx.select({ n: count() }).from(clients).where(where),
    );
    return { items: rows.map(present), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  });
}

/** The client row, or 404 (also for another tenant's id: RLS hides it). */
export async function findClient(tx: Exec, id: string) {
  const [c] = await tx.select().from(clients).where(eq(clients.id, id));
  if (!c) throw notFound('The client');
  return c;
}

async function clientView(tx: Exec, id: string) {
  const [row] = await selectClients(tx).where(eq(clients.id, id));
  if (!row) throw notFound('The client');
  return present(row);
}

export const getClient = (deps: D, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, (tx) => clientView(tx, id));

async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(sql`lower(${clients.tradingName})`, name.toLowerCase()));
  if (taken && taken.id !== exceptId) throw fieldError('trading_name', CLIENT_TEXT.tradingNameTaken);
}

const nameTakenOn409 = <T>(work: () => Promise<T>) =>
  uniqueOrFieldError('trading_name', CLIENT_TEXT.tradingNameTaken, work);

const clientColumns = (input: ClientData) => ({
  tradingName: input.trading_name,
  email: input.email,
  phone: input.phone,
  street: input.street,
  suburb: input.suburb,
  state: input.state,
  postcode: input.postcode,
});

export const createClient = (deps: D, tenant: TenantContext, input: ClientData) =>
  nameTakenOn409(() =>
    inTenant(deps, tenant.id, async (tx) => {
      await assertNameFree(tx, input.trading_name);
      const [c] = await tx
        .insert(clients)
        .values({ tenantId: tenant.id, ...clientColumns(input) })
        .returning({ id: clients.id });
      return clientView(tx, c!.id);
    }),
  );

/** Saving also renames the client on its projects (their client_name is kept for search and lists). */
export const updateClient = (deps: D, tenant: TenantContext, id: string, input: ClientData) =>
  nameTakenOn409(() =>
    inTenant(deps, tenant.id, async (tx) => {
      const before = await findClient(tx, id);
      await assertNameFree(tx, input.trading_name, id);
      await tx
        .update(clients)
        .set({ ...clientColumns(input), updatedAt: sql`now()` })
        .where(eq(clients.id, id));
      if (before.tradingName !== input.trading_name) {
        await tx
          .update(projects)
          .set({ clientName: input.trading_name, updatedAt: sql`now()` })
          .where(eq(projects.clientId, id));
      }
      return clientView(tx, id);
    }),
  );

/** An inactive client is no longer offered for new projects; its projects and users stay as they are. */
export const setClientActive = (deps: D, tenant: TenantContext, id: string, active: boolean) =>
  inTenant(deps, tenant.id, async (tx) => {
    await findClient(tx, id);
    await tx
      .update(clients)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(clients.id, id));
    return clientView(tx, id);
  });

// ---------------------------------------------------------------------------------------------
// Client users

export function presentClientUser(u: UserRow): ClientUserView {
  return {
    id: u.id,
    client_id: u.clientId!,
    ...userNames(u),
    email: u.email,
    phone: u.phone,
    mobile: u.mobile,
    role: u.role as ClientRole,
    active: u.active,
  };
}

export const listClientUsers = (deps: D, tenant: TenantContext, clientId: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    await findClient(tx, clientId);
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), inArray(users.role, [...CLIENT_ROLES])))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return { items: rows.map(presentClientUser) };
  });

const clientUserColumns = (input: ClientUserData) => ({
  role: input.role,
  ...accounts.personColumns(input),
  mobile: input.mobile,
  active: input.active,
});

const savingUser = <T>(work: () => Promise<T>) => accounts.emailTakenOnConflict(CLIENT_TEXT.emailTaken, work);

/** A client user signs in on the tenant's address like staff; an active one is e-mailed a link to set a password. */
export const createClientUser = (deps: Deps, tenant: TenantContext, clientId: string, input: ClientUserData) =>
  savingUser(() =>
    inTenant(deps, tenant.id, async (tx, onCommit) => {
      await findClient(tx, clientId);
      await accounts.assertEmailFree(tx, input.email, CLIENT_TEXT.emailTaken);
      const [u] = await tx
        .insert(users)
        .values({ tenantId: tenant.id, clientId, ...clientUserColumns(input), notifications: false })
        .returning();
      if (u!.active) await sendPasswordLink(deps, tx, onCommit, tenant, u!, 'invite');
      return presentClientUser(u!);
    }),
  );

async function findClientUser(tx: Tx, clientId: string, userId: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
  if (!u || !isClientRole(u.role)) throw notFound('The user');
  return u;
}

/** Deactivating a client user ends their sessions at once. */
export const updateClientUser = (
  deps: D,
  tenant: TenantContext,
  clientId: string,
  userId: string,
  input: ClientUserData,
  audit?: RoleAudit,
) =>
  savingUser(() =>
    inTenant(deps, tenant.id, async (tx, onCommit) => {
      await findClient(tx, clientId);
      const before = await findClientUser(tx, clientId, userId);
      await accounts.assertEmailFree(tx, input.email, CLIENT_TEXT.emailTaken, userId);
      const u = await accounts.updateUser(tx, userId, clientUserColumns(input));
      await accounts.endSessionsUnlessActive(tx, userId, input.active);
      accounts.auditRoleChange(onCommit, audit, userId, before.role, u.role);
      return presentClientUser(u);
    }),
  );

// ---------------------------------------------------------------------------------------------
// Account managers (client_am users of a client)

const presentManager = (u: UserRow): AccountManager => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  name: `${u.firstName} ${u.lastName}`.trim(),
  email: u.email,
  mobile: u.mobile,
  phone: u.phone,
  active: u.active,
});

/** The account manager, if it is an active client_am of that client (else null). */
export async function findActiveManager(tx: Exec, clientId: string, userId: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.clientId, clientId), eq(users.role, 'client_am'), eq(users.active, true)),
    );
  return u ?? null;
}

export const listAccountManagers = (deps: D, tenant: TenantContext, clientId: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    await findClient(tx, clientId);
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.role, 'client_am'), eq(users.active, true)));
    return { items: sortManagers(rows.map(presentManager)) };
  });

/**
 * Quick Add from the project screens: an active account manager, without an invitation
 * (the spec's modal has no such step); they can set a password with 'Forgot Your Password?'.
 */
export const quickAddAccountManager = (deps: D, tenant: TenantContext, clientId: string, input: QuickAddData) =>
  savingUser(() =>
    inTenant(deps, tenant.id, async (tx) => {
      await findClient(tx, clientId);
      await accounts.assertEmailFree(tx, input.email, CLIENT_TEXT.emailTaken);
      const [u] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          clientId,
          role: 'client_am',
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          mobile: input.mobile,
          notifications: false,
        })
        .returning();
      return presentManager(u!);
    }),
  );
