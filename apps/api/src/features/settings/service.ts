import { asc, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import {
  legalDocument,
  SETTING_TEXT,
  type LegalList,
  type SettingCreate,
  type SettingUpdate,
  type SettingView,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import { settings, users } from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import { fieldError, uniqueOrFieldError, notFound } from '../../platform/errors.js';
import type { Tx } from '../../platform/db/client.js';

/** Exactly what the editor's toolbar can produce; everything else is dropped. */
export function sanitizeSettingHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li', 'blockquote'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  });
}

const selectView = (tx: Tx) =>
  tx
    .select({
      id: settings.id,
      key: settings.key,
      value: settings.value,
      updatedAt: settings.updatedAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(settings)
    .leftJoin(users, tenantJoin(settings, settings.updatedBy, users));

type Row = Awaited<ReturnType<ReturnType<typeof selectView>['execute']>>[number];
const present = (r: Row): SettingView => ({
  id: r.id,
  key: r.key,
  value: r.value,
  updated_at: r.updatedAt.toISOString(),
  updated_by: r.first ? `${r.first} ${r.last ?? ''}`.trim() : null,
});

async function findOne(tx: Tx, id: string) {
  const [row] = await selectView(tx).where(eq(settings.id, id));
  if (!row) throw notFound('The setting');
  return present(row);
}

export const listSettings = (deps: Pick<Deps, 'db'>, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => ({ items: (await selectView(tx).orderBy(asc(settings.key))).map(present) }));

/**
 * The area's legal texts as published to everyone (GET /api/legal, no sign-in): key, title, text
 * (core `legalDocument`) and when it changed, by key; never who changed it.
 */
export const listLegal = (deps: Pick<Deps, 'db'>, tenant: TenantContext): Promise<LegalList> =>
  inTenant(deps, tenant.id, async (tx) => {
    const rows = await tx
      .select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt })
      .from(settings)
      .orderBy(asc(settings.key));
    return {
      items: rows.map((r) => ({ key: r.key, ...legalDocument(r.key, r.value), updated_at: r.updatedAt.toISOString() })),
    };
  });

export const getSetting = (deps: Pick<Deps, 'db'>, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, (tx) => findOne(tx, id));

export function createSetting(deps: Pick<Deps, 'db'>, tenant: TenantContext, actor: Actor, input: SettingCreate) {
  return uniqueOrFieldError('key', SETTING_TEXT.keyTaken, () =>
    inTenant(deps, tenant.id, async (tx) => {
      // Keys are unique whatever the case (migration 0042): 'terms' is taken once 'Terms' exists.
      const [existing] = await tx
        .select({ id: settings.id })
        .from(settings)
        .where(eq(sql`lower(${settings.key})`, input.key.toLowerCase()));
      if (existing) throw fieldError('key', SETTING_TEXT.keyTaken);
      const [row] = await tx
        .insert(settings)
        .values({
          tenantId: tenant.id,
          key: input.key,
          value: sanitizeSettingHtml(input.value),
          updatedBy: actor.userId,
        })
        .returning({ id: settings.id });
      return findOne(tx, row!.id);
    }),
  );
}

export const updateSetting = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  id: string,
  input: SettingUpdate,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .update(settings)
      .set({ value: sanitizeSettingHtml(input.value), updatedBy: actor.userId, updatedAt: sql`now()` })
      .where(eq(settings.id, id))
      .returning({ id: settings.id });
    if (!row) throw notFound('The setting');
    return findOne(tx, id);
  });

export const deleteSetting = (deps: Pick<Deps, 'db'>, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx.delete(settings).where(eq(settings.id, id)).returning({ id: settings.id });
    if (!row) throw notFound('The setting');
  });
