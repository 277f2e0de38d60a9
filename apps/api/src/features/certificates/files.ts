import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DocumentFileView } from '@siteflow/core';
import type { Deps } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { documentFiles } from '../../platform/db/schema.js';
import type { OnCommit } from '../../platform/mail.js';
import type { UploadedFile } from '../../platform/uploads.js';

export type FilableKind = 'certificate' | 'certificate_type';
export type StoredFile = UploadedFile & { key: string };
type FileRow = Pick<typeof documentFiles.$inferSelect, 'id' | 'name' | 'filableId' | 'mime' | 'size'>;

/** The address the spec gives: /documents/file/{filableId}/{fileId}. */
export const fileUrl = (filableId: string, fileId: string) => `/documents/file/${filableId}/${fileId}`;

export const presentFile = (f: FileRow): DocumentFileView => ({
  id: f.id,
  name: f.name,
  filable_id: f.filableId,
  mime: f.mime,
  size: f.size,
  url: fileUrl(f.filableId, f.id),
});

/**
 * Write the files to the store (under generated names) before the transaction that records them.
 * If that transaction fails, call the returned `discard` so nothing is left on disk.
 */
export async function putFiles(
  deps: Pick<Deps, 'files'>,
  files: UploadedFile[],
): Promise<{ stored: StoredFile[]; discard: () => Promise<void> }> {
  const stored: StoredFile[] = [];
  const discard = async () => {
    await Promise.all(stored.map((f) => deps.files.remove(f.key).catch(() => undefined)));
  };
  try {
    for (const f of files) stored.push({ ...f, key: await deps.files.put(f.data, f.extension) });
  } catch (error) {
    await discard();
    throw error;
  }
  return { stored, discard };
}

export async function insertFiles(tx: Tx, tenantId: string, kind: FilableKind, filableId: string, files: StoredFile[]) {
  if (!files.length) return;
  // A millisecond apart, so the files list in the order they were uploaded.
  const at = Date.now();
  await tx.insert(documentFiles).values(
    files.map((f, i) => ({
      tenantId,
      filableKind: kind,
      filableId,
      name: f.name,
      mime: f.mime,
      size: f.data.length,
      fileKey: f.key,
      createdAt: new Date(at + i),
    })),
  );
}

/** The files of these certificates or types, oldest first, in one query. */
export async function filesOf(
  tx: Tx,
  kind: FilableKind,
  filableIds: string[],
): Promise<Map<string, DocumentFileView[]>> {
  const byOwner = new Map<string, DocumentFileView[]>();
  if (!filableIds.length) return byOwner;
  const rows = await tx
    .select({
      id: documentFiles.id,
      name: documentFiles.name,
      filableId: documentFiles.filableId,
      mime: documentFiles.mime,
      size: documentFiles.size,
    })
    .from(documentFiles)
    .where(and(eq(documentFiles.filableKind, kind), inArray(documentFiles.filableId, filableIds)))
    .orderBy(asc(documentFiles.createdAt), asc(documentFiles.id));
  for (const r of rows) {
    const list = byOwner.get(r.filableId) ?? [];
    list.push(presentFile(r));
    byOwner.set(r.filableId, list);
  }
  return byOwner;
}

/**
 * Delete file rows (all of these filables, or only `fileIds` of one) and remove their bytes once
 * the transaction has committed. Returns how many rows went.
 */
export async function deleteFiles(
  deps: Pick<Deps, 'files'>,
  tx: Tx,
  onCommit: OnCommit,
  kind: FilableKind,
  filableIds: string[],
  fileIds?: string[],
): Promise<number> {
  if (!filableIds.length || (fileIds && !fileIds.length)) return 0;
  const gone = await tx
    .delete(documentFiles)
    .where(
      and(
        eq(documentFiles.filableKind, kind),
        inArray(documentFiles.filableId, filableIds),
        fileIds ? inArray(documentFiles.id, fileIds) : undefined,
      ),
    )
    .returning({ key: documentFiles.fileKey });
  if (gone.length) onCommit(() => Promise.all(gone.map((g) => deps.files.remove(g.key).catch(() => undefined))));
  return gone.length;
}
