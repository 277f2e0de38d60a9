import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  CERTIFICATE_SAMPLE_MAX_COUNT,
  CERTIFICATE_TEXT,
  CertificateTypeInput,
  type CertificateFieldDef,
  type CertificateTypeView,
  type DocumentFileView,
} from '@siteflow/core';
import type { z } from 'zod';
import { inTenant, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { certificates, certificateTypes, documentFiles } from '../../platform/db/schema.js';
import { fieldError, invalid, uniqueOrFieldError, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { deleteFiles, filesOf, insertFiles, putFiles } from './files.js';

type TypeInput = z.output<typeof CertificateTypeInput>;
export type TypeRow = typeof certificateTypes.$inferSelect;
export type FieldDefs = Record<string, CertificateFieldDef>;

export const fieldsOf = (row: Pick<TypeRow, 'fields'>): FieldDefs => (row.fields ?? {}) as FieldDefs;

export function presentType(row: TypeRow, files: DocumentFileView[]): CertificateTypeView {
  return {
    id: row.id,
    name: row.name,
    details: row.description,
    fields: fieldsOf(row),
    mandatory_for_users: row.mandatoryForUsers,
    mandatory_for_providers: row.mandatoryForProviders,
    active: row.active,
    files,
  };
}

export const typeNotFound = () => notFound('The certificate type');

export async function loadType(tx: Tx, id: string): Promise<TypeRow> {
  const [row] = await tx.select().from(certificateTypes).where(eq(certificateTypes.id, id)).limit(1);
  if (!row) throw typeNotFound();
  return row;
}

export async function typeView(tx: Tx, row: TypeRow): Promise<CertificateTypeView> {
  const files = await filesOf(tx, 'certificate_type', [row.id]);
  return presentType(row, files.get(row.id) ?? []);
}

/** Every type of the tenant by name, with its samples (two queries). */
export function listTypes(deps: Pick<Deps, 'db'>, tenant: TenantContext): Promise<{ items: CertificateTypeView[] }> {
  return inTenant(deps, tenant.id, async (tx) => {
    const rows = await tx
      .select()
      .from(certificateTypes)
      .orderBy(asc(sql`lower(${certificateTypes.name})`), asc(certificateTypes.id));
    const files = await filesOf(
      tx,
      'certificate_type',
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => presentType(r, files.get(r.id) ?? [])) };
  });
}

export function getType(deps: Pick<Deps, 'db'>, tenant: TenantContext, id: string): Promise<CertificateTypeView> {
  return inTenant(deps, tenant.id, async (tx) => typeView(tx, await loadType(tx, id)));
}

/** Names are unique per tenant regardless of case: a 422 on name, also when two saves race. */
async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: certificateTypes.id })
    .from(certificateTypes)
    .where(
      and(
        sql`lower(${certificateTypes.name}) = lower(${name})`,
        exceptId ? ne(certificateTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw fieldError('name', CERTIFICATE_TEXT.typeNameTaken);
}

/** A race past `assertNameFree`: the unique index's violation is the same 422. */
const nameTakenOnConflict = <T>(work: () => Promise<T>) =>
  uniqueOrFieldError('name', CERTIFICATE_TEXT.typeNameTaken, work);

const columns = (input: TypeInput) => ({
  name: input.name,
  description: input.description,
  fields: input.fields,
  mandatoryForUsers: input.mandatory_for_users,
  mandatoryForProviders: input.mandatory_for_providers,
  active: input.active,
});

export function createType(
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  input: TypeInput,
): Promise<CertificateTypeView> {
  return nameTakenOnConflict(() =>
    inTenant(deps, tenant.id, async (tx) => {
      await assertNameFree(tx, input.name);
      const [row] = await tx
        .insert(certificateTypes)
        .values({ tenantId: tenant.id, ...columns(input) })
        .returning();
      return presentType(row!, []);
    }),
  );
}

export function updateType(
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  id: string,
  input: TypeInput,
): Promise<CertificateTypeView> {
  return nameTakenOnConflict(() =>
    inTenant(deps, tenant.id, async (tx) => {
      await loadType(tx, id);
      await assertNameFree(tx, input.name, id);
      const [row] = await tx
        .update(certificateTypes)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(certificateTypes.id, id))
        .returning();
      return typeView(tx, row!);
    }),
  );
}

/** Refused (422) while certificates of the type exist: deactivating keeps them. Removes the samples. */
export function deleteType(deps: Pick<Deps, 'db' | 'files'>, tenant: TenantContext, id: string): Promise<void> {
  return inTenant(deps, tenant.id, async (tx, onCommit) => {
    await loadType(tx, id);
    const [used] = await tx.select({ n: count() }).from(certificates).where(eq(certificates.typeId, id));
    if ((used?.n ?? 0) > 0) throw invalid({ _: [CERTIFICATE_TEXT.typeInUse] }, CERTIFICATE_TEXT.typeInUse);
    await deleteFiles(deps, tx, onCommit, 'certificate_type', [id]);
    await tx.delete(certificateTypes).where(eq(certificateTypes.id, id));
  });
}

/** Add sample images (at most CERTIFICATE_SAMPLE_MAX_COUNT per type). */
export async function addSamples(
  deps: Pick<Deps, 'db' | 'files'>,
  tenant: TenantContext,
  id: string,
  files: UploadedFile[],
): Promise<CertificateTypeView> {
  // Checked before writing anything, and again inside the transaction (the row is locked there).
  await getType(deps, tenant, id);
  const { stored, discard } = await putFiles(deps, files);
  try {
    return await inTenant(deps, tenant.id, async (tx) => {
      const [row] = await tx.select().from(certificateTypes).where(eq(certificateTypes.id, id)).for('update');
      if (!row) throw typeNotFound();
      const [have] = await tx
        .select({ n: count() })
        .from(documentFiles)
        .where(and(eq(documentFiles.filableKind, 'certificate_type'), eq(documentFiles.filableId, id)));
      if ((have?.n ?? 0) + stored.length > CERTIFICATE_SAMPLE_MAX_COUNT)
        throw fieldError('files', CERTIFICATE_TEXT.sampleCount);
      await insertFiles(tx, tenant.id, 'certificate_type', id, stored);
      return typeView(tx, row);
    });
  } catch (error) {
    await discard();
    throw error;
  }
}

export function removeSample(
  deps: Pick<Deps, 'db' | 'files'>,
  tenant: TenantContext,
  id: string,
  fileId: string,
): Promise<CertificateTypeView> {
  return inTenant(deps, tenant.id, async (tx, onCommit) => {
    const row = await loadType(tx, id);
    const gone = await deleteFiles(deps, tx, onCommit, 'certificate_type', [id], [fileId]);
    if (!gone) throw notFound('The sample');
    return typeView(tx, row);
  });
}
