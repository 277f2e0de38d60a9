import * as drizzle from 'drizzle-orm';
import type { Query, SelectedFieldsOrdered } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type PgColumn, type PgSession } from 'drizzle-orm/pg-core';
import type { Exec } from './client.js';

/**
 * Selects whose SQL drizzle builds once per process instead of on every call. Building a large
 * select (the project view: a dozen correlated subqueries) walks every column and condition again
 * each time, and under a save's load that was a quarter of the server's CPU; the compiled text is
 * the same every time, only the values differ.
 *
 * Write the select with `sql.placeholder('name')` wherever a value goes, built by `build(key)` on
 * the query builder given (no database: it only makes SQL); `key` names the shapes the statement
 * has (the actor's visibility: 'all', 'client', ...), each compiled on first use. Run it with
 * `run(exec, key, values)` on any transaction or database: drizzle maps the rows as it would for
 * `tx.select()`, and the statement is prepared once per connection under `<name>:<key>`.
 */
export function compiledSelect<K extends string, S extends CompilableSelect>(name: string, build: (key: K) => S) {
  const compiled = new Map<K, Compiled>();
  return (exec: Exec, key: K, values: Record<string, unknown>): Promise<S['_']['result']> => {
    let c = compiled.get(key);
    if (!c) {
      const select = build(key);
      c = {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields((select as unknown as { config: { fields: unknown } }).config.fields),
        joins: (select as unknown as { joinsNotNullableMap: Record<string, boolean> }).joinsNotNullableMap,
      };
      compiled.set(key, c);
    }
    const { session } = (exec as unknown as { _: { session: PgSession } })._;
    const prepared = session.prepareQuery(c.query, c.fields, `${name}:${key}`, true);
    (prepared as unknown as { joinsNotNullableMap: Record<string, boolean> }).joinsNotNullableMap = c.joins;
    return prepared.execute(values) as Promise<S['_']['result']>;
  };
}

/** The query builder compiled selects are written with (the database's dialect, no connection). */
const dialect = new PgDialect();
export const compileWith = new QueryBuilder(dialect);

type CompilableSelect = { getSQL(): drizzle.SQL; _: { result: unknown } };
type Compiled = { query: Query; fields: SelectedFieldsOrdered<PgColumn>; joins: Record<string, boolean> };

// drizzle's own helper for the column order of a selection (what `.prepare()` uses); exported by
// the package, not by its type declarations.
const orderSelectedFields = (
  drizzle as unknown as { orderSelectedFields: (fields: unknown) => SelectedFieldsOrdered<PgColumn> }
).orderSelectedFields;
