import { and, desc, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { formatProjectCode, projectScope } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import { PLAN_EACH_TIME, type Exec } from '../../platform/db/client.js';
import { projects, projectSearchText, projectSearchWords } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { visibleProjects } from '../../platform/project-scope.js';

/**
 * Matching projects by text (quick search, the linked-project picker, the list's search box).
 *
 * projects.search_text is the lower-cased code, name, order reference, client and address, with a
 * trigram GIN index on (tenant_id, search_text). Tiers, the first that finds anything answers:
 *
 * 1. The term as typed, anywhere: search_text LIKE '%term%'.
 * 2. Every word of the term, anywhere ('cctv penrith' where the two are not side by side).
 * 3. Typing slips corrected: each word that occurs in no word of the tenant's vocabulary
 *    (project_search_words) is replaced by the closest vocabulary word, found by trigram
 *    similarity and chosen by edit distance ('brisbnae' -> 'brisbane', 'souhtern' -> 'southern');
 *    words with digits are kept as typed; a word with nothing close is left out.
 *
 * Within a tier, newest first. Totals are exact up to EXACT_COUNT_CAP and stop there. They are
 * counted through the word index (migration 0032) where the term's words allow it: a word of
 * letters a-z stands for the vocabulary words containing it (at most WORD_KEYS_CAP of them, and
 * the words read key at most READ_COST_CAP projects together), and a project matches it when the
 * index keys the project by one of those (the phrase itself is then checked on the rows the words
 * found); without such a word the trigram index answers. Word
 * similarity over the whole search_text (pg_trgm's <%) was measured and dropped: a slip of a
 * common word made the index return ~10,000 candidates, each rechecked at ~20 µs, and swapped
 * letters often scored under any usable threshold. Under row-level security the text conditions
 * use the index only because migrations 0006/0009 mark their operator functions leakproof.
 */
export const EXACT_COUNT_CAP = 1000;
/** A term word standing for more vocabulary words than this is matched through the trigram index. */
export const WORD_KEYS_CAP = 64;
/**
 * A word keying more projects than this (project_search_words.projects, migration 0034: 'prj' of
 * every project code, 'street') is never read through the word index: its posting list costs
 * about 0.15 µs a project (40 ms at 250,000), more than the trigram index or checking rows.
 */
export const WORD_COST_CAP = 250_000;
/**
 * The words read for one search key at most this many projects together (the rarest word is
 * always read); the others are checked on the rows they find.
 */
export const READ_COST_CAP = 150_000;
/** Rows the word index finds that are cheap to check one by one (a few ms). */
const FEW_TO_CHECK = 5_000;
/** Vocabulary words at least this similar (pg_trgm similarity) are candidates for a correction. */
export const CANDIDATE_SIMILARITY = 0.2;

const like = (column: AnyColumn, term: string): SQL => sql`${column} like ${`%${escapeLike(term)}%`}`;

/**
 * The term as search_text holds text: lower case, single spaces. A project code is written the
 * way it is stored: 'PRJ 12', 'prj12' and 'PRJ-0O12' (a letter O or l for a digit) all become
 * 'prj-00012'; trigrams cannot tell one of 100,000 sequential codes from its neighbours.
 */
export function normaliseTerm(q: string): string {
  const t = q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  const code = /^prj[\s#-]*([\doli]{1,9})$/.exec(t);
  if (!code || !/\d/.test(code[1]!)) return t;
  const digits = code[1]!.replace(/o/g, '0').replace(/[li]/g, '1');
  // A leading zero short of the full width is the start of a code being typed ('PRJ-0005'
  // narrows to PRJ-00050..00059), not a number to pad.
  const full = formatProjectCode(Number(digits)).toLowerCase();
  if (digits.startsWith('0') && digits.length < full.length - 4) return `prj-${digits}`;
  return full;
}

/** The words of a term as the vocabulary splits text: runs of letters and digits. */
export const wordsOf = (term: string) => term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export const containsTerm = (term: string): SQL => like(projects.searchText, term);

/**
 * What the actor may not find a project by, as a condition on the terms (phrases or words) a
 * search matched with: for a provider user each term must also be in the project's search text
 * without the client's name, whom they are never shown (checked on the few rows their scope
 * leaves); nothing for anyone else.
 */
export function searchableByActor(actor: Pick<Actor, 'role' | 'clientId' | 'providerId'>, terms: string[]) {
  if (projectScope(actor).kind !== 'provider') return undefined;
  return and(...terms.map((t) => sql`strpos(${projectSearchText(false)}, ${t}) > 0`));
}

/** A list of words as one text[] parameter (the words are runs of letters and digits, the keys add a uuid and a space). */
const textArray = (list: string[]) => `{${list.map((w) => `"${w.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * What the tenant's vocabulary knows of a term's words: the words occurring inside some
 * vocabulary word, and for words of letters a-z the word index's keys of the vocabulary words
 * containing them with the number of projects they key (absent when there are more than
 * WORD_KEYS_CAP words or WORD_COST_CAP projects).
 */
export type Vocabulary = { known: Set<string>; keys: Map<string, { keys: string[]; cost: number; most: number }> };

/**
 * Projects containing every one of `terms` (phrases or words), as conditions the word index
 * answers where it can (for counting). Its cheapest words are read, up to READ_COST_CAP
 * projects together (at least one), and the terms are checked on the rows they find; with no
 * such word, every term goes through the trigram index.
 */
function indexedTerms(terms: string[], vocab: Vocabulary): SQL | undefined {
  const words = terms.flatMap(wordsOf);
  const keyed = [...new Set(words)]
    .filter((w) => vocab.keys.has(w))
    .sort((x, y) => vocab.keys.get(x)!.cost - vocab.keys.get(y)!.cost);
  let cost = 0;
  const read = keyed.filter((w, i) => (cost += vocab.keys.get(w)!.cost) <= READ_COST_CAP || i === 0);
  // The rows the words find are checked one by one. Worth it when every word is one the index
  // knows (or a word of one or two letters, which narrows nothing: 'queen st'), or when the
  // rarest is rare; else the term has a part only the trigram index finds quickly (the number of
  // 'MAC-374134', whose 'mac' keys thousands of projects).
  const everyWord = words.every((w) => vocab.keys.has(w) || /^\p{L}{1,2}$/u.test(w));
  if (!read.length || (!everyWord && vocab.keys.get(read[0]!)!.cost > FEW_TO_CHECK))
    return and(...terms.map(trigramTerm));
  const wordsIndex = sql`app_search_words(${projects.tenantId}, ${projects.searchText})`;
  return and(
    ...read.map((w) => sql`${wordsIndex} && ${textArray(vocab.keys.get(w)!.keys)}::text[]`),
    // A word read through its keys is matched exactly; anything else is checked on the rows found.
    ...terms.filter((t) => !read.includes(t)).map((t) => sql`strpos(${projects.searchText}, ${t}) > 0`),
  );
}

/**
 * `term` through the trigram index. Its numbers of 5+ digits (codes, order numbers) carry its
 * rarest trigrams; the rest (the 'prj-' of a project code, in every project) would make the
 * index read lists of every project. So a term with such numbers is looked up by them and
 * checked whole on the rows they find. Shorter numbers (street numbers, postcodes) are common.
 */
function trigramTerm(term: string): SQL {
  const numbers = wordsOf(term).filter((w) => /^\d{5,}$/.test(w));
  if (!numbers.length || (numbers.length === 1 && numbers[0] === term)) return containsTerm(term);
  return and(...numbers.map(containsTerm), sql`strpos(${projects.searchText}, ${term}) > 0`)!;
}

/**
 * A text search as two conditions: `indexed` to count matches through the indexes, `filter` to
 * check rows on an index walk (both keep to what the actor may search by).
 */
export async function termConditions(
  tx: Exec,
  actor: Pick<Actor, 'role' | 'clientId' | 'providerId'>,
  term: string,
): Promise<{ indexed: SQL; filter: SQL; common: boolean }> {
  const vocab = await lookUpWords(tx, wordsOf(term));
  const own = searchableByActor(actor, [term]);
  return {
    indexed: and(indexedTerms([term], vocab), own)!,
    filter: and(containsTerm(term), own)!,
    common: commonWord([term], vocab),
  };
}

/**
 * One word that more than EXACT_COUNT_CAP of the tenant's projects hold (its commonest key
 * alone): for someone who sees every project there is no need to count its matches.
 */
const commonWord = (terms: string[], vocab: Vocabulary) =>
  terms.length === 1 && (vocab.keys.get(terms[0]!)?.most ?? 0) > EXACT_COUNT_CAP;

export type MatchPage = { ids: number[]; total: number };
type MatchOptions = { limit: number; offset: number; exclude?: number };

/** The ids of one page of matches, in rank order, and how many matched (capped, see above). */
export async function matchProjects(tx: Exec, actor: Actor, q: string, opts: MatchOptions): Promise<MatchPage> {
  const term = normaliseTerm(q);
  const none = { ids: [], total: 0 };
  if (!term) return none;
  const visible = and(visibleProjects(actor), opts.exclude ? ne(projects.id, opts.exclude) : undefined);
  // Within what the actor sees, matched only by what they may search by.
  const scope = (terms: string[]) => and(visible, searchableByActor(actor, terms));

  const words = wordsOf(term);
  // A word found in no vocabulary word cannot match any project: skip straight to corrections
  // (a typing slip would otherwise cost a trigram scan of the projects for nothing).
  const vocab = await lookUpWords(tx, words);
  const { known } = vocab;
  if (words.every((w) => !checkable(w) || known.has(w))) {
    const asTyped = await exactMatches(tx, [term], vocab, scope([term]), opts);
    if (asTyped.total > 0) return asTyped;
    if (words.length > 1) {
      const everyWord = await exactMatches(tx, words, vocab, scope(words), opts);
      if (everyWord.total > 0) return everyWord;
    }
  }
  const corrected = await correctWords(tx, words, known);
  if (!corrected.length || corrected.join(' ') === words.join(' ')) return none;
  // The corrections' own keys (one more round trip), so that they count through the word index too.
  const fresh = await lookUpWords(
    tx,
    corrected.filter((w) => !words.includes(w)),
  );
  const merged = { known, keys: new Map([...vocab.keys, ...fresh.keys]) };
  return exactMatches(tx, corrected, merged, scope(corrected), opts);
}

/** The newest page of a term with more than EXACT_COUNT_CAP matches: walking the ids backwards (they are dense). */
async function newestMatches(tx: Exec, where: SQL | undefined, opts: MatchOptions): Promise<MatchPage> {
  const page = await indexWalkOnly(tx, () =>
    tx
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .orderBy(desc(projects.id))
      .limit(opts.limit)
      .offset(opts.offset),
  );
  return { ids: page.map((r) => r.id), total: EXACT_COUNT_CAP };
}

/** Projects containing every one of `terms`, newest first. */
async function exactMatches(
  tx: Exec,
  terms: string[],
  vocab: Vocabulary,
  scope: SQL | undefined,
  opts: MatchOptions,
): Promise<MatchPage> {
  // A common word, for someone who sees every project: no count (its posting list costs ~0.15 µs a project).
  const all =
    !scope && commonWord(terms, vocab)
      ? null
      : await allMatchingIds(tx, and(indexedTerms(terms, vocab), scope), EXACT_COUNT_CAP);
  if (all) return { ids: all.sort((x, y) => y - x).slice(opts.offset, opts.offset + opts.limit), total: all.length };
  // A common term: the newest matches are found by walking the ids backwards.
  return newestMatches(tx, and(...terms.map(containsTerm), scope), opts);
}

/**
 * Every id matching `where` through its text indexes (word or trigram), or null when there are
 * more than `cap`.
 * The planner guesses a substring's frequency poorly (it took a rare project number for 1% of
 * rows and walked all 100,000 ids backwards looking for ten of them), so the index is used
 * whatever it guesses; the scan stops after cap + 1 rows.
 */
export async function allMatchingIds(tx: Exec, where: SQL | undefined, cap: number): Promise<number[] | null> {
  const rows = await bitmapScansOnly(tx, () =>
    tx
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .limit(cap + 1),
  );
  return rows.length > cap ? null : rows.map((r) => r.id);
}

const setLocal = (tx: Exec, name: string, value: string) => tx.execute(sql`select set_config(${name}, ${value}, true)`);

/** Set several planner settings for the transaction in one round trip. */
const setAll = (tx: Exec, names: string[], value: 'on' | 'off') =>
  tx.execute(
    sql`select ${sql.join(
      names.map((name) => sql`set_config(${name}, ${value}, true)`),
      sql`, `,
    )}`,
  );

/** Run one statement with some planner methods switched off (then on again): two round trips, not six. */
async function without<T>(tx: Exec, methods: string[], statement: () => PromiseLike<T>): Promise<T> {
  await setAll(tx, methods, 'off');
  // No try/finally: when the statement fails the transaction is aborted and rolls back, and these
  // transaction-local settings with it. Switching them on again would fail too ('current
  // transaction is aborted') and hide the statement's own error (a NUL byte: 422) behind a 500.
  const result = await statement();
  await setAll(tx, methods, 'on');
  return result;
}

/** Bitmap scans only: a condition on search_text then goes through the trigram index. */
const bitmapScansOnly = <T>(tx: Exec, statement: () => PromiseLike<T>) =>
  without(tx, ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'], statement);

/**
 * An ordered index walk: for a term known to match more than the cap, the walk finds a page of
 * matches at once, where the planner (underestimating how many rows two LIKEs match) would
 * fetch every match through the trigram index and sort them.
 */
export const indexWalkOnly = <T>(tx: Exec, statement: () => PromiseLike<T>) =>
  without(tx, ['enable_seqscan', 'enable_bitmapscan'], statement);

/** Words checked against the vocabulary: short words and numbers are taken as they are. */
const checkable = (word: string) => word.length >= 3 && !/\d/.test(word);

/**
 * The vocabulary's answer for the checkable words of a term (one round trip, see Vocabulary).
 * Words are runs of letters and digits (wordsOf), so they hold no LIKE wildcard to escape.
 */
async function lookUpWords(tx: Exec, words: string[]): Promise<Vocabulary> {
  const list = [...new Set(words.filter(checkable))];
  if (!list.length) return { known: new Set(), keys: new Map() };
  // One select per word, its pattern a value the planner sees (planned each time: PLAN_EACH_TIME,
  // platform/db/client.ts), so that the vocabulary's trigram index finds the words containing it;
  // a pattern built inside the statement ('%' || w || '%') scanned the whole vocabulary.
  const perWord = list.map((w) => {
    const pattern = `%${w}%`;
    const keyed = /^[a-z]+$/.test(w);
    return sql`select ${w}::text as w,
      exists (select 1 from ${projectSearchWords} v where v.word like ${pattern}) as known,
      k.keys, k.cost, k.most
    from (
      select array_agg(v.tenant_id::text || ' ' || v.word) as keys, sum(v.projects) as cost, max(v.projects) as most
      from (
        select v.tenant_id, v.word, v.projects from ${projectSearchWords} v
        where ${keyed ? sql`v.word like ${pattern} and v.word ~ '^[a-z]+$'` : sql`false`}
        limit ${WORD_KEYS_CAP + 1}
      ) v
    ) k`;
  });
  const rows = await tx.execute<{
    w: string;
    known: boolean;
    keys: string[] | null;
    cost: string | null;
    most: number | null;
  }>(sql`${sql.raw(PLAN_EACH_TIME)} ${sql.join(perWord, sql` union all `)}`);
  const known = new Set<string>();
  const keys: Vocabulary['keys'] = new Map();
  for (const r of rows.rows) {
    if (r.known) known.add(r.w);
    const cost = Number(r.cost);
    if (r.keys?.length && r.keys.length <= WORD_KEYS_CAP && cost <= WORD_COST_CAP)
      keys.set(r.w, { keys: r.keys, cost, most: r.most ?? 0 });
  }
  return { known, keys };
}

/** The words with typing slips replaced by the closest vocabulary word (or left out when nothing is close). */
async function correctWords(tx: Exec, words: string[], known: Set<string>): Promise<string[]> {
  await setLocal(tx, 'pg_trgm.similarity_threshold', String(CANDIDATE_SIMILARITY));
  const out: string[] = [];
  for (const word of words) {
    if (!checkable(word) || known.has(word)) {
      out.push(word);
      continue;
    }
    const candidates = await tx
      .select({
        word: projectSearchWords.word,
        similarity: sql<number>`similarity(${projectSearchWords.word}, ${word})`.mapWith(Number),
      })
      .from(projectSearchWords)
      .where(sql`${projectSearchWords.word} % ${word}`)
      .orderBy(sql`2 desc`)
      .limit(20);
    const best = closestWord(word, candidates);
    if (best) out.push(best);
  }
  return out;
}

/** The candidate fewest edits away (then the most similar), if close enough for the word's length. */
export function closestWord(word: string, candidates: { word: string; similarity: number }[]): string | null {
  const allowed = word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
  let best: { word: string; distance: number; similarity: number } | null = null;
  for (const c of candidates) {
    const distance = editDistance(word, c.word);
    if (distance > allowed) continue;
    if (!best || distance < best.distance || (distance === best.distance && c.similarity > best.similarity))
      best = { ...c, distance };
  }
  return best?.word ?? null;
}

/** Edits (insert, delete, substitute, swap two neighbours) from a to b: optimal string alignment. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
