// Column and key helpers shared by the tables of every feature.
import { and, eq, sql, type BuildExtraConfigColumns } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  foreignKey,
  index,
  pgTable,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const id = () =>
  uuid('id')
    .notNull()
    .default(sql`gen_random_uuid()`);
export const tenantId = () => uuid('tenant_id').notNull();
/** An instant: timestamp with time zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
/** created_at and updated_at, both set to now() on insert. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** The numeric project_id of a row that belongs to a project. */
export const projectId = () => bigint('project_id', { mode: 'number' }).notNull();
/** The optional suburb, state and postcode that end an address. */
export const locality = () => ({ suburb: text('suburb'), state: text('state'), postcode: text('postcode') });

export type TenantKeyed = { tenantId: AnyPgColumn; id: AnyPgColumn };

/** A foreign key (tenant_id, column) to the (tenant_id, id) of a tenant-owned table. */
export const tenantFk = (t: { tenantId: AnyPgColumn }, column: AnyPgColumn, target: TenantKeyed) =>
  foreignKey({ columns: [t.tenantId, column], foreignColumns: [target.tenantId, target.id] });

/** The join condition of a tenantFk in a query: `from`'s (tenant_id, column) is `target`'s (tenant_id, id). */
export const tenantJoin = (from: { tenantId: AnyPgColumn }, column: AnyPgColumn, target: TenantKeyed) =>
  and(eq(target.tenantId, from.tenantId), eq(target.id, column));

type TenantKeyColumns = { tenantId: ReturnType<typeof tenantId>; id: ReturnType<typeof id> };

/**
 * A tenant-owned table keyed by (tenant_id, id): those two columns come first, then `columns`;
 * the primary key comes first, then what `extra` adds (indexes, foreign keys).
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra: (t: BuildExtraConfigColumns<TName, TenantKeyColumns & TColumns, 'pg'>) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { tenantId: tenantId(), id: id(), ...columns }, (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    ...extra(t),
  ]);
}

const itemId = (item: string) => uuid(`${item}_id`).notNull();

/**
 * The link tables of one kind of owner row (a project, a provider, a category) to items (tags,
 * categories, services, users): `linksOf(owner, ownerTable)(table, item, itemTable)` has the key
 * (tenant_id, owner, <item>_id), the index `<table>_tenant_<item>_idx` that finds an item's owners
 * (with the owner in it when `indexOwner`), and foreign keys to both; links go with their owner,
 * and with their item unless `cascadeItem` is false.
 */
export function linksOf<TOwnerKey extends string, TOwner extends PgColumnBuilderBase>(
  owner: Record<TOwnerKey, () => TOwner>,
  ownerTable: TenantKeyed,
  options: { indexOwner?: boolean } = {},
) {
  const [ownerKey] = Object.keys(owner) as [TOwnerKey];
  return <TName extends string, TItem extends string>(
    table: TName,
    item: TItem,
    itemTable: TenantKeyed,
    { cascadeItem = true } = {},
  ) => {
    const itemKey: `${TItem}Id` = `${item}Id`;
    const columns = { [ownerKey]: owner[ownerKey](), [itemKey]: itemId(item) } as Record<TOwnerKey, TOwner> &
      Record<`${TItem}Id`, ReturnType<typeof itemId>>;
    return pgTable(table, { tenantId: tenantId(), ...columns }, (t) => {
      const ownerColumn = t[ownerKey];
      const itemColumn = t[itemKey];
      const itemFk = tenantFk(t, itemColumn, itemTable);
      return [
        primaryKey({ columns: [t.tenantId, ownerColumn, itemColumn] }),
        index(`${table}_tenant_${item}_idx`).on(t.tenantId, itemColumn, ...(options.indexOwner ? [ownerColumn] : [])),
        tenantFk(t, ownerColumn, ownerTable).onDelete('cascade'),
        cascadeItem ? itemFk.onDelete('cascade') : itemFk,
      ];
    });
  };
}
