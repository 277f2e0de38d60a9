import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  canOnStaff,
  type Role,
  ROLE_LABELS,
  STAFF_ROLES,
  STAFF_TEXT,
  staffFormAbilities,
  type StaffFormOptions,
  type StaffInput,
  type StaffListQuery,
  type StaffRole,
  type StaffView,
  userNames,
} from '@siteflow/core';
import type { z } from 'zod';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { containsAny } from '../../platform/db/like.js';
import { HttpError, notFound } from '../../platform/errors.js';
import type { RoleAudit } from '../../platform/security-log.js';
import type { UploadedImage } from '../../platform/uploads.js';
import * as accounts from '../auth/accounts.js';
import { sendPasswordLink } from '../auth/password-links.js';

type UserRow = typeof users.$inferSelect;

export function presentStaff(u: UserRow): StaffView {
  return {
    id: u.id,
    ...userNames(u),
    email: u.email,
    phone: u.phone,
    position: u.position,
    role: u.role as Role,
    is_project_manager: u.isProjectManager ? '1' : '0',
    notifications: u.notifications ? '1' : '0',
    address: u.address,
    suburb: u.suburb,
    state: u.state,
    postcode: u.postcode,
    active: u.active,
    profile_picture_path: u.pictureKey
      ? `/api/staff/${u.id}/picture?v=${encodeURIComponent(u.pictureKey.slice(0, 8))}`
      : null,
    created_at: u.createdAt.toISOString(),
  };
}

const isStaff = inArray(users.role, [...STAFF_ROLES]);

export async function listStaff(deps: Pick<Deps, 'db'>, tenant: TenantContext, query: z.infer<typeof StaffListQuery>) {
  const where = and(
    isStaff,
    query.role ? eq(users.role, query.role) : undefined,
    query.status === 'all' ? undefined : eq(users.active, query.status === 'active'),
    containsAny(query.search, [
      users.firstName,
      users.lastName,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
      users.email,
      users.phone,
    ]),
  );
  return inTenant(deps, tenant.id, async (tx) => {
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      tx.select({ n: count() }).from(users).where(where),
    ]);
    return { items: rows.map(presentStaff), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  });
}

async function findStaff(tx: Tx, id: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  if (!u) throw notFound('The staff member');
  return u;
}

export const getStaff = (deps: Pick<Deps, 'db'>, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, async (tx) => findStaff(tx, id));

/**
 * What the staff form offers. Editing your own record supplies no role list (so Position
 * is shown instead): nobody changes their own role, which also keeps one admin in place.
 */
export function staffFormOptions(
  _deps: Pick<Deps, never>,
  tenant: TenantContext,
  actor: Actor,
  targetId: string | undefined,
): StaffFormOptions {
  const self = targetId === actor.userId;
  return {
    roles: self ? null : STAFF_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] })),
    abilities: staffFormAbilities(actor, targetId ? { id: targetId } : null),
    show_project_manager_flag: tenant.staffPmFlag,
    show_system_emails_flag: tenant.staffSystemEmails,
  };
}

function columns(tenant: TenantContext, input: StaffInput) {
  return {
    ...accounts.personColumns(input),
    ...(input.position !== undefined ? { position: input.position || null } : {}),
    address: input.address,
    suburb: input.suburb,
    state: input.state,
    postcode: input.postcode,
    // Flags the tenant has not enabled are not taken from the form.
    ...(tenant.staffPmFlag ? { isProjectManager: input.is_project_manager === '1' } : {}),
    ...(tenant.staffSystemEmails ? { notifications: input.notifications === '1' } : {}),
  };
}

/** Saves a staff member: an e-mail taken in the meantime is the email field's error. */
const savingStaff = <T>(work: () => Promise<T>) => accounts.emailTakenOnConflict(STAFF_TEXT.emailTaken, work);

export async function createStaff(
  deps: Deps,
  tenant: TenantContext,
  actor: Actor,
  input: StaffInput,
  picture: UploadedImage | null,
) {
  const role: StaffRole = canOnStaff(actor, 'changeRole', null) && input.role ? input.role : 'company_employee';
  const pictureKey = picture ? await deps.files.put(picture.data, picture.extension) : null;
  try {
    return await savingStaff(() =>
      inTenant(deps, tenant.id, async (tx, onCommit) => {
        await accounts.assertEmailFree(tx, input.email, STAFF_TEXT.emailTaken);
        const [u] = await tx
          .insert(users)
          .values({ tenantId: tenant.id, role, pictureKey, ...columns(tenant, input) })
          .returning();
        await sendPasswordLink(deps, tx, onCommit, tenant, u!, 'invite');
        return presentStaff(u!);
      }),
    );
  } catch (error) {
    if (pictureKey) await deps.files.remove(pictureKey);
    throw error;
  }
}

export async function updateStaff(
  deps: Deps,
  tenant: TenantContext,
  actor: Actor,
  id: string,
  input: StaffInput,
  picture: UploadedImage | null,
  audit?: RoleAudit,
) {
  const pictureKey = picture ? await deps.files.put(picture.data, picture.extension) : null;
  let oldKey: string | null = null;
  try {
    const view = await savingStaff(() =>
      inTenant(deps, tenant.id, async (tx, onCommit) => {
        const before = await findStaff(tx, id);
        await accounts.assertEmailFree(tx, input.email, STAFF_TEXT.emailTaken, id);
        const mayChangeRole = canOnStaff(actor, 'changeRole', { id });
        const [u] = await tx
          .update(users)
          .set({
            ...columns(tenant, input),
            ...(mayChangeRole && input.role ? { role: input.role } : {}),
            ...(pictureKey ? { pictureKey } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id))
          .returning();
        if (pictureKey) oldKey = before.pictureKey;
        accounts.auditRoleChange(onCommit, audit, id, before.role, u!.role);
        return presentStaff(u!);
      }),
    );
    if (oldKey) await deps.files.remove(oldKey);
    return view;
  } catch (error) {
    if (pictureKey) await deps.files.remove(pictureKey);
    throw error;
  }
}

/** Deactivating ends every session of the user at once. */
export async function setStaffActive(
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  id: string,
  active: boolean,
) {
  if (!active && !canOnStaff(actor, 'deactivate', { id })) throw new HttpError(422, STAFF_TEXT.cannotDeactivateSelf);
  return inTenant(deps, tenant.id, async (tx) => {
    await findStaff(tx, id);
    return presentStaff(await accounts.setUserActive(tx, id, active));
  });
}
