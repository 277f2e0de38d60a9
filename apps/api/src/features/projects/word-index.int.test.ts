import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as factories from '../../../test/factories.js';
import type { TestClient } from '../../../test/factories.js';
import { asOwner } from '../../../test/harness.js';
import { twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { withTenant } from '../../platform/db/client.js';
import { termConditions, WORD_KEYS_CAP } from './match.js';

/**
 * Quick search and the list's search box count matches through the word index (migration 0032):
 * a term word of letters stands for the tenant's vocabulary words containing it. These check that
 * it finds what the text holds (inside words, inside runs with digits, phrases side by side only),
 * that a word standing for more words than the index takes still matches, that another tenant's
 * words never count, and that the request role's plan uses the index under row-level security.
 */
let t: TestApp, a: TestTenant, b: TestTenant, asA: As;
let clientA: TestClient, clientB: TestClient;

/** A word of letters only that no other test uses (the index keys runs of letters a-z). */
const letters = (n = 8) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

beforeAll(async () => {
  ({ t, a, b, asA } = await twoCompanies());
  [clientA, clientB] = await Promise.all([factories.createClientCo(a), factories.createClientCo(b)]);
});
afterAll(() => t.close());

/** Every page of a quick search (50 a page), as one. */
const search = async (q: string, as = asA) => {
  const out = { data: [] as { id: number }[], total: 0 };
  for (let page = 1; ; page++) {
    const res = await as({ url: `/api/search/projects?q=${encodeURIComponent(q)}&pageSize=50&page=${page}` });
    expect(res.status, res.text).toBe(200);
    const body = res.json as { data: { id: number }[]; total: number; last_page: number };
    out.data.push(...body.data);
    out.total = body.total;
    if (page >= body.last_page) return out;
  }
};
const listSearch = async (q: string) => {
  const res = await asA({ url: `/api/projects?search=${encodeURIComponent(q)}&pageSize=50` });
  expect(res.status, res.text).toBe(200);
  return res.json as { items: { id: number }[]; total: number };
};
const ids = (r: { data: { id: number }[] }) => r.data.map((d) => d.id).sort((x, y) => x - y);

describe('the word index', () => {
  it('finds a word inside a longer word and inside a run of letters and digits', async () => {
    const stem = `zq${letters(6)}`;
    const inWord = await factories.createProject(a, clientA, { name: `North${stem}ville Depot` });
    const inCode = await factories.createProject(a, clientA, { name: 'Depot', orderReference: `PO-${stem}774` });
    expect(ids(await search(stem))).toEqual([inWord.id, inCode.id].sort((x, y) => x - y));
    // The middle of the word, and the list's search box through the same conditions.
    expect(ids(await search(stem.slice(1, 6)))).toEqual([inWord.id, inCode.id].sort((x, y) => x - y));
    const list = await listSearch(stem);
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.id).sort((x, y) => x - y)).toEqual([inWord.id, inCode.id].sort((x, y) => x - y));
  });

  it('matches a phrase only where its words stand side by side, then falls back to every word', async () => {
    // w1's fourth and fifth letters differ, so swapping them below is a typing slip.
    const [w1, w2] = [`zqabc${letters()}`, `zq${letters()}`];
    const together = await factories.createProject(a, clientA, { name: `${w1} ${w2} Storage` });
    const apart = await factories.createProject(a, clientA, { name: `${w2} Hall ${w1}` });
    expect(ids(await search(`${w1} ${w2}`))).toEqual([together.id]);
    expect(ids(await search(`${w2} hall`))).toEqual([apart.id]);
    // No project holds 'w2 w1' side by side: every word, anywhere.
    const both = await search(`${w2} ${w1}`);
    expect(both.total).toBe(2);
    expect(ids(both)).toEqual([together.id, apart.id].sort((x, y) => x - y));
    // A typing slip in one of them is corrected (then every corrected word, anywhere), and the
    // correction counts through the index too.
    const slip = `${w1.slice(0, 3)}${w1[4]}${w1[3]}${w1.slice(5)}`;
    expect(ids(await search(`${slip} ${w2}`))).toEqual([together.id, apart.id].sort((x, y) => x - y));
    expect(ids(await search(`${slip} storage`))).toEqual([together.id]);
  });

  it(`still finds every project of a word standing for more than ${WORD_KEYS_CAP} vocabulary words`, async () => {
    const stem = `zq${letters(5)}`;
    const made = [];
    for (let i = 0; i < WORD_KEYS_CAP + 2; i++) {
      // Distinct words of letters: stem + two letters.
      const tail = String.fromCharCode(97 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26));
      made.push(await factories.createProject(a, clientA, { name: `${stem}${tail} Works` }));
    }
    const found = await search(stem);
    expect(found.total).toBe(WORD_KEYS_CAP + 2);
    expect(ids(found)).toEqual(made.map((p) => p.id).sort((x, y) => x - y));
    // One of them by its whole word.
    expect(ids(await search(`${stem}ab works`))).toEqual([made[1]!.id]);
  });

  it('keeps each word’s number of projects exact through inserts, renames and deletes (it steers the choice of index)', async () => {
    const [w1, w2] = [`zq${letters()}`, `zq${letters()}`];
    const counts = () =>
      asOwner(a.id, async (tx) => {
        const rows = await tx.execute<{ word: string; projects: number }>(
          sql`select word, projects from project_search_words where tenant_id = ${a.id} and word in (${w1}, ${w2})`,
        );
        return Object.fromEntries(rows.rows.map((r) => [r.word, Number(r.projects)]));
      });
    const made: factories.TestProject[] = [];
    // A word twice in one project counts once.
    for (let i = 0; i < 3; i++)
      made.push(await factories.createProject(a, clientA, { name: `${w1} ${w1} Block ${i}` }));
    expect(await counts()).toEqual({ [w1]: 3 });
    await asOwner(a.id, async (tx) => {
      // One statement: a rename of two projects and an edit that keeps the text.
      await tx.execute(sql`update projects set name = case when id = ${made[2]!.id} then name else ${`${w2} Block`} end
        where id in (${made[0]!.id}, ${made[1]!.id}, ${made[2]!.id})`);
    });
    expect(await counts()).toEqual({ [w1]: 1, [w2]: 2 });
    await asOwner(a.id, (tx) => tx.execute(sql`delete from projects where id in (${made[0]!.id}, ${made[2]!.id})`));
    // Words stay in the vocabulary (for corrections) with no projects.
    expect(await counts()).toEqual({ [w1]: 0, [w2]: 1 });
    expect(ids(await search(w2))).toEqual([made[1]!.id]);
    expect((await search(w1)).total).toBe(0);
  });

  it('narrows a street number through the trigram index and a street name through the word index', async () => {
    const street = `Zq${letters()}`;
    // A fixed order reference: the factory's random one ('PO-' and ten hex digits) holds '49' about
    // once in thirty projects, and the number is searched for anywhere in the text.
    const at = (where: string) =>
      factories.createProject(a, clientA, { name: 'Fit-out', street: where, orderReference: 'PO-FIT' });
    const [at49, at149] = [await at(`49 ${street} Street`), await at(`149 ${street} Street`)];
    const at48 = await at(`48 ${street} Street`);
    const after = await at(`${street} Street 49`);
    // As typed, anywhere: '149 ...' holds '49 ...' too.
    expect(ids(await search(`49 ${street} street`))).toEqual([at49.id, at149.id].sort((x, y) => x - y));
    expect(ids(await search(`48 ${street}`))).toEqual([at48.id]);
    // Not side by side anywhere: every word, the number included.
    expect(ids(await search(`${street} street, 49`))).toEqual([at49.id, at149.id, after.id].sort((x, y) => x - y));
  });

  it('never counts another tenant’s projects with the same word', async () => {
    const word = `zq${letters()}`;
    const mine = await factories.createProject(a, clientA, { name: `${word} Plaza` });
    await factories.createProject(b, clientB, { name: `${word} Plaza` });
    await factories.createProject(b, clientB, { name: `${word} Tower` });
    const found = await search(word);
    expect(found.total).toBe(1);
    expect(ids(found)).toEqual([mine.id]);
  });

  it('is the plan of the request role under row-level security', async () => {
    const word = `zq${letters()}`;
    await factories.createProject(a, clientA, { name: `${word} Arcade` });
    // A tenant of some size, with statistics, so that the planner weighs the indexes as it would in use.
    await asOwner(a.id, async (tx) => {
      await tx.execute(sql`insert into projects (tenant_id, seq, code, name, status, client_id, client_name, project_manager_id, project_administrator_id)
        select ${a.id}, 900000 + i, 'BULK-' || i, 'Bulk works ' || i, 'order', ${clientA.id}, 'Bulk client', ${a.admin.id}, ${a.admin.id}
        from generate_series(1, 3000) as i`);
    });
    await asOwner(a.id, (tx) => tx.execute(sql`analyze projects`));
    const plan = await withTenant(t.deps.db, a.id, async (tx) => {
      const staff = { role: 'company_admin', clientId: null, providerId: null } as const;
      const { indexed } = await termConditions(tx, staff, `${word} arcade`);
      // As the count runs it: bitmap scans only (match.ts bitmapScansOnly).
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`,
      );
      const rows = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from projects where ${indexed} limit 1001`,
      );
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('projects_search_words_idx');
    expect(plan).not.toContain('projects_search_trgm_idx');
  });
});
