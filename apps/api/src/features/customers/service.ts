import crypto from 'node:crypto';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { CUSTOMER_TEXT, type CustomerInput, type CustomerView, type PageQuery } from '@siteflow/core';
import { tenantUrl } from '../../config.js';
import { inTenant, type Deps } from '../../platform/context.js';
import { tenants, users } from '../../platform/db/schema.js';
import { containsAny } from '../../platform/db/like.js';
import { fieldError, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { UploadedImage } from '../../platform/uploads.js';
import { sendPasswordLink } from '../auth/password-links.js';
import { ensureDefaultClassification } from '../reference/service.js';

type TenantRow = typeof tenants.$inferSelect;

function present(deps: Pick<Deps, 'config'>, t: TenantRow): CustomerView {
  return {
    id: t.id,
    customer_name: t.customerName,
    name: t.slug ?? '',
    email: t.email,
    first_name: t.firstName,
    last_name: t.lastName,
    phone: t.phone,
    position: t.position,
    address: t.address,
    suburb: t.suburb,
    state: t.state,
    postcode: t.postcode,
    staff_pm_flag: t.staffPmFlag,
    staff_system_emails: t.staffSystemEmails,
    logo_path: t.logoKey ? `/api/customers/${t.id}/logo?v=${encodeURIComponent(t.logoKey.slice(0, 8))}` : null,
    url: tenantUrl(deps.config, t.slug),
    created_at: t.createdAt.toISOString(),
  };
}

export async function listCustomers(deps: Pick<Deps, 'db' | 'config'>, query: PageQuery) {
  const where = and(
    eq(tenants.kind, 'customer'),
    containsAny(query.search, [tenants.customerName, tenants.slug, tenants.email, tenants.suburb]),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(asc(tenants.customerName), asc(tenants.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(tenants).where(where),
  ]);
  return { items: rows.map((t) => present(deps, t)), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function getCustomer(deps: Pick<Deps, 'db' | 'config'>, id: string) {
  const [t] = await deps.db
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, id), eq(tenants.kind, 'customer')));
  if (!t) throw notFound('The customer');
  return t;
}

export const viewCustomer = async (deps: Pick<Deps, 'db' | 'config'>, id: string) =>
  present(deps, await getCustomer(deps, id));

async function assertSlugFree(deps: Pick<Deps, 'db'>, slug: string, exceptId?: string) {
  const [taken] = await deps.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.slug, slug), exceptId ? ne(tenants.id, exceptId) : undefined));
  if (taken) throw fieldError('name', CUSTOMER_TEXT.slugTaken);
}

const columns = (input: CustomerInput) => ({
  customerName: input.customer_name,
  slug: input.name,
  email: input.email,
  firstName: input.first_name,
  lastName: input.last_name,
  phone: input.phone,
  position: input.position,
  address: input.address,
  suburb: input.suburb,
  state: input.state,
  postcode: input.postcode,
  staffPmFlag: input.staff_pm_flag,
  staffSystemEmails: input.staff_system_emails,
});

/** A new customer is a new tenant with its first company_admin, who is e-mailed a link to set a password. */
export async function createCustomer(deps: Deps, input: CustomerInput, logo: UploadedImage | null) {
  await assertSlugFree(deps, input.name);
  const logoKey = logo ? await deps.files.put(logo.data, logo.extension) : null;
  const id = crypto.randomUUID();
  try {
    await inTenant(deps, id, async (tx, onCommit) => {
      await tx.insert(tenants).values({ id, kind: 'customer', ...columns(input), logoKey });
      const [admin] = await tx
        .insert(users)
        .values({
          tenantId: id,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          position: input.position,
          role: 'company_admin',
          address: input.address,
          suburb: input.suburb,
          state: input.state,
          postcode: input.postcode,
        })
        .returning();
      await ensureDefaultClassification(tx, id);
      await sendPasswordLink(deps, tx, onCommit, { id, slug: input.name, name: input.customer_name }, admin!, 'invite');
    });
  } catch (error) {
    if (logoKey) await deps.files.remove(logoKey);
    if (isUniqueViolation(error)) throw fieldError('name', CUSTOMER_TEXT.slugTaken);
    throw error;
  }
  return viewCustomer(deps, id);
}

export async function updateCustomer(deps: Deps, id: string, input: CustomerInput, logo: UploadedImage | null) {
  const before = await getCustomer(deps, id);
  await assertSlugFree(deps, input.name, id);
  const logoKey = logo ? await deps.files.put(logo.data, logo.extension) : before.logoKey;
  try {
    await deps.db
      .update(tenants)
      .set({ ...columns(input), logoKey, updatedAt: sql`now()` })
      .where(eq(tenants.id, id));
  } catch (error) {
    if (logo && logoKey) await deps.files.remove(logoKey);
    if (isUniqueViolation(error)) throw fieldError('name', CUSTOMER_TEXT.slugTaken);
    throw error;
  }
  if (logo && before.logoKey) await deps.files.remove(before.logoKey);
  return viewCustomer(deps, id);
}
