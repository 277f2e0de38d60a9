import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  WORK_ITEM_OPTIONS_LIMIT,
  workItemLabel,
  type WorkItemData,
  type WorkItemListQuery,
  type WorkItemOption,
  type WorkItemView,
} from '@siteflow/core';
import { inTenant, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import { containsAny } from '../../platform/db/like.js';
import { workItems } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';

type D = Pick<Deps, 'db'>;
type Row = typeof workItems.$inferSelect;

const itemNotFound = () => notFound('The item');

const present = (w: Row): WorkItemView => ({
  id: w.id,
  name: w.name,
  item_code: w.itemCode,
  supplier_name: w.supplierName,
  unit_sell_price: w.unitSellPrice,
  unit_cost: w.unitCost,
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

/** Name, then item code: the list's default order and the picker's (index work_items_tenant_name_code_idx). */
const byName = (dir: typeof asc) => [dir(sql`lower(${workItems.name})`), dir(workItems.itemCode), dir(workItems.id)];

function orderOf(query: Pick<WorkItemListQuery, 'sort' | 'order'>): SQL[] {
  const dir = query.order === 'desc' ? desc : asc;
  switch (query.sort) {
    case 'unit_sell_price':
      return [dir(workItems.unitSellPrice), ...byName(asc)];
    case 'unit_cost':
      return [dir(workItems.unitCost), ...byName(asc)];
    case 'created_at':
      return [dir(workItems.createdAt), dir(workItems.id)];
    default:
      return byName(dir);
  }
}

const searchOf = (search: string | undefined) =>
  containsAny(search, [workItems.name, workItems.itemCode, workItems.supplierName]);

/**
 * A page of items, searched by name, item code or supplier: one statement, the total beside the
 * rows as a scalar subquery; a page past the end counts on its own.
 */
export function listWorkItems(deps: D, tenant: TenantContext, query: WorkItemListQuery) {
  const where = searchOf(query.search);
  return inTenant(deps, tenant.id, async (tx) => {
    const total = sql<number>`(select count(*) from ${workItems} where ${where ?? sql`true`})`.mapWith(Number);
    const rows = await tx
      .select({ w: workItems, total })
      .from(workItems)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const count = rows[0]
      ? rows[0].total
      : Number(
          (
            await tx
              .select({ n: sql<number>`count(*)` })
              .from(workItems)
              .where(where)
          )[0]?.n ?? 0,
        );
    return { items: rows.map((r) => present(r.w)), total: count, page: query.page, pageSize: query.pageSize };
  });
}

async function findItem(tx: Exec, id: number) {
  const [row] = await tx.select().from(workItems).where(eq(workItems.id, id));
  if (!row) throw itemNotFound();
  return row;
}

/** One item, or 404 (also for another company's id: RLS hides it). */
export const getWorkItem = (deps: D, tenant: TenantContext, id: number) =>
  inTenant(deps, tenant.id, async (tx) => present(await findItem(tx, id)));

const columns = (input: WorkItemData) => ({
  name: input.name,
  itemCode: input.item_code,
  supplierName: input.supplier_name,
  unitSellPrice: input.unit_sell_price,
  unitCost: input.unit_cost,
});

export const createWorkItem = (deps: D, tenant: TenantContext, input: WorkItemData) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .insert(workItems)
      .values({ tenantId: tenant.id, ...columns(input) })
      .returning();
    return present(row!);
  });

export const updateWorkItem = (deps: D, tenant: TenantContext, id: number, input: WorkItemData) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .update(workItems)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(workItems.id, id))
      .returning();
    if (!row) throw itemNotFound();
    return present(row);
  });

/** The quote line item picker: up to 50 items matching the search, by name then item code. */
export const workItemOptions = (deps: D, tenant: TenantContext, search: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    const rows = await tx
      .select()
      .from(workItems)
      .where(and(searchOf(search)))
      .orderBy(...byName(asc))
      .limit(WORK_ITEM_OPTIONS_LIMIT);
    return {
      items: rows.map((w): WorkItemOption => {
        const { id, name, item_code, supplier_name, unit_sell_price, unit_cost } = present(w);
        return {
          id,
          label: workItemLabel({ item_code, name, supplier_name }),
          name,
          item_code,
          supplier_name,
          unit_sell_price,
          unit_cost,
        };
      }),
    };
  });
