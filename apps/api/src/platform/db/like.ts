// LIKE patterns from what a user typed.
import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `s` as literal text inside a LIKE pattern: \, % and _ escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A list's search box: the rows where any of `columns` contains `search`, whatever the case; no
 * condition when nothing was typed.
 */
export function containsAny(search: string | null | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const term = `%${escapeLike(search)}%`;
  return or(...columns.map((column) => ilike(column, term)));
}
