import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_FILE_MAX_COUNT,
  CERTIFICATE_TEXT,
  certificateValidity,
  isInForce,
  CertificateInput,
  type CertificateView,
  type CertificationEntry,
  type CertificationsOfType,
  type CertificationsView,
  type DocumentFileView,
  type OwnerKind,
  companyDay,
} from '@siteflow/core';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { certificates, certificateTypes, documentFiles } from '../../platform/db/schema.js';
import { fieldError, invalid, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { validateDetails, type Details } from './fields.js';
import { deleteFiles, filesOf, insertFiles, putFiles } from './files.js';
import { ownerAccess, ownerFor, type Owner } from './owner.js';
import { fieldsOf, loadType, typeView } from './types-service.js';

type CertRow = typeof certificates.$inferSelect;
export type CertificateForm = Omit<z.output<typeof CertificateInput>, 'details'> & { details: Record<string, unknown> };

/**
 * Today as validity counts it ('YYYY-MM-DD'): the day in the company's time zone,
 * Australia/Brisbane (as project dates; no daylight saving), from the injected clock.
 */
export const certificateToday = (clock: Clock, at: Date = clock.now()) => companyDay(at);

export function presentCertificate(
  row: CertRow,
  owner: Owner,
  files: DocumentFileView[],
  today: string,
): CertificateView {
  return {
    id: row.id,
    type_id: row.typeId,
    name: row.name,
    license_number: row.licenseNumber,
    comments: row.comments,
    country: row.country,
    issue_date: row.issueDate,
    expiry: row.expiry,
    details: (row.details ?? {}) as Details,
    validity: certificateValidity(row.expiry, today),
    files,
    certificatable: {
      kind: owner.kind,
      id: owner.id,
      first_name: owner.firstName,
      last_name: owner.lastName,
      director_name: owner.directorName,
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

const ownerColumn = (kind: OwnerKind) => (kind === 'user' ? certificates.userId : certificates.providerId);

/** The owner's certificates (optionally of one type) newest expiry first, no expiry last, with their files: two queries. */
async function ownerCertificates(tx: Tx, owner: Owner, today: string, typeId?: string): Promise<CertificateView[]> {
  const rows = await tx
    .select()
    .from(certificates)
    .where(and(eq(ownerColumn(owner.kind), owner.id), typeId ? eq(certificates.typeId, typeId) : undefined))
    .orderBy(sql`${certificates.expiry} desc nulls last`, desc(certificates.createdAt), asc(certificates.id));
  const files = await filesOf(
    tx,
    'certificate',
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentCertificate(r, owner, files.get(r.id) ?? [], today));
}

/**
 * The Certifications page. Mandatory: the active types mandatory for this owner kind, each with
 * the owner's certificates of it (the first decides validity). Additional: the other types the
 * owner holds certificates of (also inactive ones, so nothing held disappears). Counters count
 * entries whose first certificate is in force: 'valid', or 'none' (no expiry, shown N/A: a
 * certificate that does not expire, such as a White Card, stays valid). Expired ones do not count.
 * Four queries whatever the number of types or certificates.
 */
export function certificationsView(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  actor: Actor,
  kind: OwnerKind,
  ownerId: string,
): Promise<CertificationsView> {
  const today = certificateToday(deps.clock);
  return inTenant(deps, tenant.id, async (tx) => {
    const { owner, abilities } = await ownerFor(tx, actor, kind, ownerId, 'view');
    const types = await tx
      .select()
      .from(certificateTypes)
      .orderBy(asc(sql`lower(${certificateTypes.name})`), asc(certificateTypes.id));
    const held = await ownerCertificates(tx, owner, today);
    const byType = new Map<string, CertificateView[]>();
    for (const c of held) byType.set(c.type_id, [...(byType.get(c.type_id) ?? []), c]);
    const isMandatory = (t: (typeof types)[number]) =>
      t.active && (kind === 'user' ? t.mandatoryForUsers : t.mandatoryForProviders);
    const entry = (t: (typeof types)[number]): CertificationEntry => {
      const list = byType.get(t.id) ?? [];
      return {
        type: { id: t.id, name: t.name, details: t.description },
        user_certificate: list,
        validity: list[0]?.validity ?? 'none',
      };
    };
    const mandatory = types.filter(isMandatory).map(entry);
    const additional = types.filter((t) => !isMandatory(t) && byType.has(t.id)).map(entry);
    const unused = types
      .filter((t) => t.active && !isMandatory(t) && !byType.has(t.id))
      .map((t) => ({ id: t.id, name: t.name }));
    const valid = (list: CertificationEntry[]) =>
      list.filter((e) => e.user_certificate.length > 0 && isInForce(e.validity)).length;
    return {
      owner: { kind, id: owner.id, name: owner.name },
      mandatoryCertificates: mandatory,
      additionalCertificates: additional,
      unused_additional_types: unused,
      mandatory_valid: valid(mandatory),
      mandatory_total: mandatory.length,
      additional_valid: valid(additional),
      additional_total: additional.length,
      abilities,
      today,
    };
  });
}

export function certificationsOfType(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  actor: Actor,
  kind: OwnerKind,
  ownerId: string,
  typeId: string,
): Promise<CertificationsOfType> {
  const today = certificateToday(deps.clock);
  return inTenant(deps, tenant.id, async (tx) => {
    const { owner, abilities } = await ownerFor(tx, actor, kind, ownerId, 'view');
    const type = await typeView(tx, await loadType(tx, typeId));
    return { type, certificates: await ownerCertificates(tx, owner, today, typeId), abilities, today };
  });
}

/** The type must exist here; a new certificate (or one moved to another type) needs an active one. */
async function typeFor(tx: Tx, typeId: string, currentTypeId?: string) {
  const [type] = await tx.select().from(certificateTypes).where(eq(certificateTypes.id, typeId)).limit(1);
  if (!type) throw fieldError('type_id', CERTIFICATE_TEXT.typeRequired);
  if (!type.active && type.id !== currentTypeId) throw fieldError('type_id', CERTIFICATE_TEXT.typeInactive);
  return type;
}

function checkedDetails(fields: ReturnType<typeof fieldsOf>, input: Record<string, unknown>): Details {
  const { details, errors } = validateDetails(fields, input);
  if (Object.keys(errors).length) throw invalid(errors);
  return details;
}

const certColumns = (form: CertificateForm, details: Details) => ({
  typeId: form.type_id,
  name: form.name,
  licenseNumber: form.license_number,
  comments: form.comments,
  country: form.country,
  issueDate: form.issue_date,
  expiry: form.expiry,
  details,
});

export async function createCertificate(
  deps: Pick<Deps, 'db' | 'clock' | 'files'>,
  tenant: TenantContext,
  actor: Actor,
  kind: OwnerKind,
  ownerId: string,
  form: CertificateForm,
  files: UploadedFile[],
): Promise<CertificateView> {
  const today = certificateToday(deps.clock);
  // Access and the type's fields are checked before any file is written.
  await inTenant(deps, tenant.id, async (tx) => {
    await ownerFor(tx, actor, kind, ownerId, 'manage');
    checkedDetails(fieldsOf(await typeFor(tx, form.type_id)), form.details);
  });
  const { stored, discard } = await putFiles(deps, files);
  try {
    return await inTenant(deps, tenant.id, async (tx) => {
      const { owner } = await ownerFor(tx, actor, kind, ownerId, 'manage');
      const details = checkedDetails(fieldsOf(await typeFor(tx, form.type_id)), form.details);
      const [row] = await tx
        .insert(certificates)
        .values({
          tenantId: tenant.id,
          ...certColumns(form, details),
          userId: kind === 'user' ? owner.id : null,
          providerId: kind === 'service_provider' ? owner.id : null,
          createdBy: actor.userId,
        })
        .returning();
      await insertFiles(tx, tenant.id, 'certificate', row!.id, stored);
      const filesNow = await filesOf(tx, 'certificate', [row!.id]);
      return presentCertificate(row!, owner, filesNow.get(row!.id) ?? [], today);
    });
  } catch (error) {
    await discard();
    throw error;
  }
}

async function loadOwnCertificate(
  tx: Tx,
  kind: OwnerKind,
  ownerId: string,
  certId: string,
  forUpdate = false,
): Promise<CertRow> {
  const q = tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, certId), eq(ownerColumn(kind), ownerId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound('The certificate');
  return row;
}

/**
 * Update: the common and type fields; existingFiles = ids of the files kept (the others are
 * deleted, rows now and bytes after commit); new files are added. A changed expiry is a renewal:
 * the 30- and 7-day reminders are armed again.
 */
export async function updateCertificate(
  deps: Pick<Deps, 'db' | 'clock' | 'files'>,
  tenant: TenantContext,
  actor: Actor,
  kind: OwnerKind,
  ownerId: string,
  certId: string,
  form: CertificateForm,
  files: UploadedFile[],
): Promise<CertificateView> {
  const today = certificateToday(deps.clock);
  const check = async (tx: Tx) => {
    const { owner } = await ownerFor(tx, actor, kind, ownerId, 'manage');
    const row = await loadOwnCertificate(tx, kind, ownerId, certId, true);
    const details = checkedDetails(fieldsOf(await typeFor(tx, form.type_id, row.typeId)), form.details);
    const existing = await tx
      .select({ id: documentFiles.id })
      .from(documentFiles)
      .where(and(eq(documentFiles.filableKind, 'certificate'), eq(documentFiles.filableId, certId)));
    const kept = existing.filter((f) => form.existingFiles.includes(f.id));
    if (kept.length + files.length > CERTIFICATE_FILE_MAX_COUNT) throw fieldError('files', CERTIFICATE_TEXT.fileCount);
    return {
      owner,
      row,
      details,
      removed: existing.filter((f) => !form.existingFiles.includes(f.id)).map((f) => f.id),
    };
  };
  await inTenant(deps, tenant.id, check);
  const { stored, discard } = await putFiles(deps, files);
  try {
    return await inTenant(deps, tenant.id, async (tx, onCommit) => {
      const { owner, row, details, removed } = await check(tx);
      const renewed = (row.expiry ?? null) !== (form.expiry ?? null);
      const [saved] = await tx
        .update(certificates)
        .set({
          ...certColumns(form, details),
          updatedAt: new Date(),
          ...(renewed ? { reminded30At: null, reminded7At: null } : {}),
        })
        .where(eq(certificates.id, certId))
        .returning();
      await deleteFiles(deps, tx, onCommit, 'certificate', [certId], removed);
      await insertFiles(tx, tenant.id, 'certificate', certId, stored);
      const filesNow = await filesOf(tx, 'certificate', [certId]);
      return presentCertificate(saved!, owner, filesNow.get(certId) ?? [], today);
    });
  } catch (error) {
    await discard();
    throw error;
  }
}

/** DELETE /api/certificates/:certId: the owner rule decides (404 when the actor may not see it, 403 when only view). */
export function deleteCertificate(
  deps: Pick<Deps, 'db' | 'files'>,
  tenant: TenantContext,
  actor: Actor,
  certId: string,
): Promise<void> {
  return inTenant(deps, tenant.id, async (tx, onCommit) => {
    const [row] = await tx.select().from(certificates).where(eq(certificates.id, certId)).for('update');
    if (!row) throw notFound('The certificate');
    const kind: OwnerKind = row.userId ? 'user' : 'service_provider';
    await ownerFor(tx, actor, kind, (row.userId ?? row.providerId)!, 'manage').catch((error: { status?: number }) => {
      throw error.status === 404 ? notFound('The certificate') : error;
    });
    await deleteFiles(deps, tx, onCommit, 'certificate', [certId]);
    await tx.delete(certificates).where(eq(certificates.id, certId));
  });
}

/** May the actor see this certificate's files? (the /documents address). */
export async function canViewCertificate(tx: Tx, actor: Actor, certId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: certificates.userId, providerId: certificates.providerId })
    .from(certificates)
    .where(eq(certificates.id, certId))
    .limit(1);
  if (!row) return false;
  return row.userId
    ? ownerAccess(actor, 'user', row.userId) !== 'none'
    : ownerAccess(actor, 'service_provider', row.providerId!) !== 'none';
}
