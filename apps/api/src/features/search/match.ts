import { and, desc, ne, sql, type SQL } from 'drizzle-orm';
import { formatProjectCode } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import { projects } from '../../platform/db/schema.js';
import { visibleProjects } from '../projects/scope.js';

/**
 * Matching projects by text (quick search, the linked-project picker, the list's search box).
 *
 * projects.search_text is the lower-cased code, name, order reference, client and address, with a
 * trigram GIN index on (tenant_id, search_text). Two tiers:
 *
 * 1. Exact: search_text LIKE '%term%'. All exact matches rank first, newest first (id desc).
 * 2. Fuzzy, only when nothing matches exactly (a typo): word similarity (`search_text %> term`,
 *    i.e. word_similarity(term, search_text) >= WORD_SIMILARITY), ranked by similarity, then newest.
 *    When more than FUZZY_CANDIDATES rows are that close, the typo is close to a common word: the
 *    closest phrase of the best candidate ('brisbnae' -> 'brisbane') is searched exactly instead,
 *    so the answer is again every match, newest first.
 *
 * Cost is bounded whatever the term: totals are counted up to EXACT_COUNT_CAP rows, and at most
 * FUZZY_CANDIDATES rows are ranked (word_similarity costs ~20 µs a row over the whole
 * search_text). Under row-level security the text conditions can use the index only because
 * migration 0006 marks their operator functions leakproof; see there.
 */
export const WORD_SIMILARITY = 0.5;
export const EXACT_COUNT_CAP = 1000;
export const FUZZY_CANDIDATES = 100;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The term as search_text holds text: lower case, single spaces; 'PRJ 12' / 'prj12' become 'prj-00012'. */
export function normaliseTerm(q: string): string {
  const t = q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  const code = /^prj[\s#-]*(\d{1,9})$/.exec(t);
  return code ? formatProjectCode(Number(code[1])).toLowerCase() : t;
}

export const containsTerm = (term: string): SQL => sql`${projects.searchText} like ${`%${escapeLike(term)}%`}`;

export type MatchPage = { ids: number[]; total: number };
type MatchOptions = { limit: number; offset: number; exclude?: number; count?: boolean };

/** The ids of one page of matches, in rank order, and how many matched (capped, see above). */
export async function matchProjects(tx: Exec, actor: Actor, q: string, opts: MatchOptions): Promise<MatchPage> {
  const term = normaliseTerm(q);
  if (!term) return { ids: [], total: 0 };
  const scope = and(visibleProjects(actor), opts.exclude ? ne(projects.id, opts.exclude) : undefined);
  const exact = await exactMatches(tx, term, scope, opts);
  if (exact.ids.length > 0 || exact.total > 0) return exact;

  const candidates = await closeMatches(tx, term, scope);
  if (candidates.length >= FUZZY_CANDIDATES) {
    const phrase = await closestPhrase(tx, term, candidates[0]!.text);
    if (phrase && phrase !== term) {
      const corrected = await exactMatches(tx, phrase, scope, opts);
      if (corrected.ids.length > 0 || corrected.total > 0) return corrected;
    }
  }
  return { ids: candidates.slice(opts.offset, opts.offset + opts.limit).map((c) => c.id), total: candidates.length };
}

async function exactMatches(tx: Exec, term: string, scope: SQL | undefined, opts: MatchOptions): Promise<MatchPage> {
  const where = and(containsTerm(term), scope);
  const page = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(desc(projects.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const ids = page.map((r) => r.id);
  // A first page that is not full is every match: no count needed (typos land here with none).
  if (opts.count === false || (opts.offset === 0 && ids.length < opts.limit)) return { ids, total: ids.length };
  return { ids, total: await cappedCount(tx, where, EXACT_COUNT_CAP) };
}

const setLocal = (tx: Exec, name: string, value: string) => tx.execute(sql`select set_config(${name}, ${value}, true)`);

/** Up to FUZZY_CANDIDATES rows at least WORD_SIMILARITY close to the term, closest (then newest) first. */
async function closeMatches(tx: Exec, term: string, scope: SQL | undefined) {
  await setLocal(tx, 'pg_trgm.word_similarity_threshold', String(WORD_SIMILARITY));
  // The planner prices word_similarity like a cheap operator and would walk the table (or an
  // index in id order) testing every row until it has enough; the trigram index finds the
  // candidates directly. So, for this one statement, bitmap scans only.
  for (const name of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) await setLocal(tx, name, 'off');
  try {
    const rows = await tx
      .select({
        id: projects.id,
        text: projects.searchText,
        score: sql<number>`word_similarity(${term}, ${projects.searchText})`.mapWith(Number),
      })
      .from(projects)
      .where(and(sql`${projects.searchText} %> ${term}`, scope))
      .limit(FUZZY_CANDIDATES);
    return rows.sort((a, b) => b.score - a.score || b.id - a.id).map((r) => ({ id: r.id, text: r.text ?? '' }));
  } finally {
    for (const name of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) await setLocal(tx, name, 'on');
  }
}

/** The run of as many words as the term has, in `text`, that is most similar to the term. */
async function closestPhrase(tx: Exec, term: string, text: string): Promise<string | null> {
  const n = term.split(' ').length;
  const words = text.split(' ').filter(Boolean);
  const phrases = [
    ...new Set(words.map((_, i) => words.slice(i, i + n).join(' ')).filter((_, i) => i + n <= words.length)),
  ];
  if (!phrases.length) return null;
  const { rows } = await tx.execute<{ phrase: string }>(
    sql`select p as phrase from jsonb_array_elements_text(${JSON.stringify(phrases)}::jsonb) as p order by similarity(${term}, p) desc, p limit 1`,
  );
  return rows[0]?.phrase ?? null;
}

/** count(*) that stops at `cap` rows. */
export async function cappedCount(tx: Exec, where: SQL | undefined, cap: number): Promise<number> {
  const inner = tx
    .select({ one: sql`1` })
    .from(projects)
    .where(where)
    .limit(cap)
    .as('hits');
  const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner);
  return row?.n ?? 0;
}
