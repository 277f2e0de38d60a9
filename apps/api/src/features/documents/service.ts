import { and, eq } from 'drizzle-orm';
import { can } from '@siteflow/core';
import type { Actor, Deps, TenantContext } from '../../platform/context.js';
import { withTenant } from '../../platform/db/client.js';
import { documentFiles } from '../../platform/db/schema.js';
import { canViewCertificate } from '../certificates/service.js';

/**
 * A document file the actor may read, with its bytes, or null (unknown, another tenant's, not
 * allowed, or gone from the store): certificate files follow the owner rule, type samples need
 * certificates.view.
 */
export async function readableDocument(
  deps: Pick<Deps, 'db' | 'files'>,
  tenant: TenantContext,
  actor: Actor,
  filableId: string,
  fileId: string,
) {
  const row = await withTenant(deps.db, tenant.id, async (tx) => {
    const [found] = await tx
      .select()
      .from(documentFiles)
      .where(and(eq(documentFiles.id, fileId), eq(documentFiles.filableId, filableId)))
      .limit(1);
    if (!found || !can(actor, 'certificates.view')) return null;
    return found.filableKind === 'certificate_type' || (await canViewCertificate(tx, actor, found.filableId))
      ? found
      : null;
  });
  const data = row ? await deps.files.read(row.fileKey) : null;
  return row && data ? { name: row.name, mime: row.mime, data } : null;
}
