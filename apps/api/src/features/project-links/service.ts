import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ProjectLinkView } from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projectLinks } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import { findVisibleProject } from '../projects/view.js';
import { inOrder } from '../../platform/db/in-order.js';

type D = Pick<Deps, 'db'>;
type LinkRow = typeof projectLinks.$inferSelect;
/** As parsed by ProjectLinkInput: the url already carries https://. */
type LinkData = { title: string; url: string; summary: string };

const present = (l: LinkRow): ProjectLinkView => ({
  id: l.id,
  title: l.title,
  url: l.url,
  summary: l.summary,
  updated_at: l.updatedAt.toISOString(),
});

/** Work on the links of a project the actor can see (404 otherwise, also for another tenant's). */
function onProject<T>(deps: D, tenant: TenantContext, actor: Actor, projectId: number, work: (tx: Tx) => Promise<T>) {
  return inTenant(deps, tenant.id, async (tx) => {
    await findVisibleProject(tx, actor, projectId);
    return work(tx);
  });
}

async function findLink(tx: Tx, projectId: number, linkId: string) {
  const [l] = await tx
    .select()
    .from(projectLinks)
    .where(and(eq(projectLinks.projectId, projectId), eq(projectLinks.id, linkId)));
  if (!l) throw notFound('The link');
  return l;
}

/** Newest first, paged on the server. */
export const listLinks = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  page: number,
  pageSize: number,
) =>
  onProject(deps, tenant, actor, projectId, async (tx) => {
    const mine = eq(projectLinks.projectId, projectId);
    const [rows, [total]] = await inOrder(
      () =>
        tx
          .select()
          .from(projectLinks)
          .where(mine)
          .orderBy(desc(projectLinks.createdAt), desc(projectLinks.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      () => tx.select({ n: count() }).from(projectLinks).where(mine),
    );
    return { items: rows.map(present), total: total?.n ?? 0, page, pageSize };
  });

export const getLink = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, linkId: string) =>
  onProject(deps, tenant, actor, projectId, async (tx) => present(await findLink(tx, projectId, linkId)));

const columns = (input: LinkData) => ({ title: input.title, url: input.url, summary: input.summary || null });

export const createLink = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, input: LinkData) =>
  onProject(deps, tenant, actor, projectId, async (tx) => {
    const [l] = await tx
      .insert(projectLinks)
      .values({ tenantId: tenant.id, projectId, ...columns(input) })
      .returning();
    return present(l!);
  });

export const updateLink = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  linkId: string,
  input: LinkData,
) =>
  onProject(deps, tenant, actor, projectId, async (tx) => {
    await findLink(tx, projectId, linkId);
    const [l] = await tx
      .update(projectLinks)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(projectLinks.id, linkId))
      .returning();
    return present(l!);
  });

export const deleteLink = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, linkId: string) =>
  onProject(deps, tenant, actor, projectId, async (tx) => {
    await findLink(tx, projectId, linkId);
    await tx.delete(projectLinks).where(eq(projectLinks.id, linkId));
  });
