import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_TEXT } from '@siteflow/core';
import { asOwner, createUser, request, uniq, type RequestOptions } from '../../../test/harness.js';
import {
  signedIn,
  twoCompanies,
  type As,
  type TestApp,
  type TestTenant,
  signInPlatformAdmin,
} from '../../../test/companies.js';
import { settings } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
});
afterAll(() => t.close());

const createIn = async (as: typeof asA, key: string, value: string) => {
  const res = await as({ method: 'POST', url: '/api/settings', body: { key, value } });
  expect(res.status).toBe(201);
  return res.json as { id: string; key: string; value: string; updated_at: string; updated_by: string | null };
};
const rowOf = async (tenant: TestTenant, id: string) =>
  (await asOwner(tenant.id, (tx) => tx.select().from(settings).where(eq(settings.id, id))))[0];

describe('settings: CRUD in a company', () => {
  it('creates, lists, gets, updates and deletes', async () => {
    const key = `terms-${uniq()}`;
    const created = await createIn(asA, key, '<p>Version <strong>one</strong></p>');
    expect(created).toMatchObject({ key, value: '<p>Version <strong>one</strong></p>', updated_by: 'Ada Admin' });

    const list = await asA({ url: '/api/settings' });
    expect(list.status).toBe(200);
    expect(list.json.items.map((s: { key: string }) => s.key)).toContain(key);
    expect((await asA({ url: `/api/settings/${created.id}` })).json).toEqual(created);

    const upd = await asA({ method: 'PUT', url: `/api/settings/${created.id}`, body: { value: '<p>Version two</p>' } });
    expect(upd.status).toBe(200);
    expect(upd.json).toMatchObject({ id: created.id, key, value: '<p>Version two</p>', updated_by: 'Ada Admin' });
    expect(new Date(upd.json.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
    // The key is not changed by an update, even if one is sent.
    const keyed = await asA({
      method: 'PUT',
      url: `/api/settings/${created.id}`,
      body: { key: 'renamed', value: 'x' },
    });
    expect(keyed.json.key).toBe(key);

    const del = await asA({ method: 'DELETE', url: `/api/settings/${created.id}` });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: SETTING_TEXT.removed });
    expect((await asA({ url: `/api/settings/${created.id}` })).status).toBe(404);
    expect((await asA({ method: 'DELETE', url: `/api/settings/${created.id}` })).status).toBe(404);
    expect(await rowOf(a, created.id)).toBeUndefined();
  });

  it('lists only this company’s settings, sorted by key', async () => {
    const tag = uniq();
    await createIn(asA, `b-${tag}`, 'b');
    await createIn(asA, `a-${tag}`, 'a');
    await createIn(asB, `only-b-${tag}`, 'secret of b');
    const keys = (await asA({ url: '/api/settings' })).json.items.map((s: { key: string }) => s.key);
    expect(keys.filter((k: string) => k.endsWith(tag))).toEqual([`a-${tag}`, `b-${tag}`]);
    expect(JSON.stringify((await asA({ url: '/api/settings' })).json)).not.toContain('secret of b');
  });

  it('sanitises the HTML: scripts, event handlers and javascript: links go; the editor’s tags stay', async () => {
    const dirty =
      '<h2>Terms</h2><p onclick="steal()">Pay in <strong>14</strong> <em>days</em>.</p>' +
      '<script>alert(1)</script><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>' +
      '<a href="javascript:alert(2)">bad link</a> <a href="https://example.com/t" onmouseover="x()">good link</a>' +
      '<img src=x onerror="alert(3)"><iframe src="https://evil.example"></iframe><style>body{}</style>';
    const s = await createIn(asA, `html-${uniq()}`, dirty);
    const v = s.value;
    expect(v).not.toMatch(/<script|alert\(1\)|onclick|onmouseover|onerror|javascript:|<img|<iframe|<style/i);
    expect(v).toContain('<h2>Terms</h2>');
    expect(v).toContain('<p>Pay in <strong>14</strong> <em>days</em>.</p>');
    expect(v).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>');
    expect(v).toContain(
      '<a href="https://example.com/t" rel="noopener noreferrer nofollow" target="_blank">good link</a>',
    );
    expect(v).toMatch(/<a[^>]*>bad link<\/a>/);
    expect(v).not.toMatch(/<a[^>]*href="javascript/i);
    // Updates are sanitised the same way, and what is stored is the clean version.
    const upd = await asA({
      method: 'PUT',
      url: `/api/settings/${s.id}`,
      body: { value: '<p>ok</p><script>evil()</script><a href="JaVaScRiPt:evil()">x</a>' },
    });
    expect(upd.json.value).not.toMatch(/script|evil/i);
    expect((await rowOf(a, s.id))!.value).toBe(upd.json.value);
  });

  it('refuses a duplicate key and a missing key', async () => {
    const key = `dup-${uniq()}`;
    await createIn(asA, key, 'first');
    const dup = await asA({ method: 'POST', url: '/api/settings', body: { key, value: 'second' } });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ key: ['The key has already been taken.'] });
    // The same key in another company is fine.
    await createIn(asB, key, 'b has its own');

    const missing = await asA({ method: 'POST', url: '/api/settings', body: { value: 'v' } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ key: ['The key field is required.'] });
    for (const key of ['', '   ']) {
      const res = await asA({ method: 'POST', url: '/api/settings', body: { key, value: 'v' } });
      expect(res.status).toBe(422);
      // (zod also reports the format rule for a blank key; the required message comes first)
      expect(res.json.errors.key[0]).toBe('The key field is required.');
    }
    const bad = await asA({ method: 'POST', url: '/api/settings', body: { key: 'has spaces', value: '' } });
    expect(bad.json.errors.key).toEqual([SETTING_TEXT.keyFormat]);
  });
  it('refuses a key that differs from another only by case (422 on key), and keeps the key as typed', async () => {
    const key = `Terms-${uniq()}`;
    expect((await createIn(asA, key, 'first')).key).toBe(key);
    for (const other of [key.toLowerCase(), key.toUpperCase(), ` ${key.toLowerCase()} `]) {
      const res = await asA({ method: 'POST', url: '/api/settings', body: { key: other, value: 'second' } });
      expect(res.status, `${other}: ${res.text}`).toBe(422);
      expect(res.json.errors).toEqual({ key: [SETTING_TEXT.keyTaken] });
    }
    // Two creates at once that differ only by case: one wins (the index, not only the check).
    const race = `Race-${uniq()}`;
    const both = await Promise.all(
      [race, race.toLowerCase()].map((k) => asA({ method: 'POST', url: '/api/settings', body: { key: k, value: '' } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(both.find((r) => r.status === 422)!.json.errors).toEqual({ key: [SETTING_TEXT.keyTaken] });
  });

  it('concurrent creates of one key: one wins, the others get the duplicate-key message (never a 500)', async () => {
    const key = `race-${uniq()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => asA({ method: 'POST', url: '/api/settings', body: { key, value: `v${i}` } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.errors).toEqual({ key: [SETTING_TEXT.keyTaken] });
    const rows = await asOwner(a.id, (tx) => tx.select().from(settings).where(eq(settings.key, key)));
    expect(rows.filter((r) => r.tenantId === a.id)).toHaveLength(1);
  });
});

describe('settings: who may', () => {
  it('a company employee may list and read (200) but not create, update or delete (403)', async () => {
    const s = await createIn(asA, `ro-${uniq()}`, '<p>read me</p>');
    const as = await signedIn(t, a, await createUser(a, 'company_employee'));
    expect((await as({ url: '/api/settings' })).status).toBe(200);
    expect((await as({ url: `/api/settings/${s.id}` })).json.value).toBe('<p>read me</p>');
    for (const r of [
      { method: 'POST', url: '/api/settings', body: { key: `x-${uniq()}`, value: 'x' } },
      { method: 'PUT', url: `/api/settings/${s.id}`, body: { value: 'changed' } },
      { method: 'DELETE', url: `/api/settings/${s.id}` },
    ] as RequestOptions[]) {
      const res = await as(r);
      expect(res.status, r.method).toBe(403);
    }
    expect(await rowOf(a, s.id)).toMatchObject({ value: '<p>read me</p>' });
  });

  it('anonymous gets 401', async () => {
    const s = await createIn(asA, `anon-${uniq()}`, 'x');
    for (const r of [
      { url: '/api/settings' },
      { url: `/api/settings/${s.id}` },
      { method: 'POST', url: '/api/settings', body: { key: 'k', value: 'v' } },
      { method: 'PUT', url: `/api/settings/${s.id}`, body: { value: 'v' } },
      { method: 'DELETE', url: `/api/settings/${s.id}` },
    ] as RequestOptions[]) {
      expect((await request(t, { host: a.host, ...r })).status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('another company’s setting id gives 404 for get, put and delete, and the row is untouched', async () => {
    const theirs = await createIn(asB, `private-${uniq()}`, '<p>B only</p>');
    const before = await rowOf(b, theirs.id);
    for (const r of [
      { url: `/api/settings/${theirs.id}` },
      { method: 'PUT', url: `/api/settings/${theirs.id}`, body: { value: '<p>overwritten by A</p>' } },
      { method: 'DELETE', url: `/api/settings/${theirs.id}` },
    ] as RequestOptions[]) {
      const res = await asA(r);
      expect(res.status, r.method ?? 'GET').toBe(404);
      expect(res.text).not.toContain('B only');
    }
    expect(await rowOf(b, theirs.id)).toEqual(before);
    expect((await asB({ url: `/api/settings/${theirs.id}` })).json.value).toBe('<p>B only</p>');
  });

  it('a platform admin has settings of the platform, separate from every company’s', async () => {
    const cookie = await signInPlatformAdmin(t);
    const key = `platform-${uniq()}`;
    const res = await request(t, {
      method: 'POST',
      url: '/api/settings',
      cookie,
      body: { key, value: 'platform wide' },
    });
    expect(res.status).toBe(201);
    expect((await asA({ url: '/api/settings' })).json.items.map((s: { key: string }) => s.key)).not.toContain(key);
    expect((await asA({ url: `/api/settings/${res.json.id}` })).status).toBe(404);
    expect((await request(t, { url: '/api/settings', host: a.host, cookie })).status).toBe(401);
  });
});

describe('legal texts published (GET /api/legal)', () => {
  it('anyone, signed in or not, reads this company’s texts by key with their titles; no ids or authors', async () => {
    const key = `privacy-policy-${uniq()}`;
    await createIn(asA, key, '<h2>Our Privacy Policy</h2><p>We keep <strong>little</strong>.</p>');
    const untitled = `cookie-policy-${uniq()}`;
    await createIn(asA, untitled, '<p>No cookies.</p>');
    const theirs = `b-only-${uniq()}`;
    await createIn(asB, theirs, '<p>B only</p>');

    const anonymous = await request(t, { url: '/api/legal', host: a.host });
    expect(anonymous.status).toBe(200);
    const mine = anonymous.json.items.find((i: { key: string }) => i.key === key);
    // Titled by the heading it opens with (which leaves the body), or else by its key.
    expect(mine).toEqual({
      key,
      title: 'Our Privacy Policy',
      value: '<p>We keep <strong>little</strong>.</p>',
      updated_at: expect.any(String),
    });
    expect(anonymous.json.items.find((i: { key: string }) => i.key === untitled)).toMatchObject({
      title: `Cookie policy ${untitled.slice('cookie-policy-'.length)}`,
      value: '<p>No cookies.</p>',
    });
    const keys = anonymous.json.items.map((i: { key: string }) => i.key);
    expect(keys).toEqual([...keys].sort());
    expect(anonymous.text).not.toContain('B only');
    expect(anonymous.text).not.toContain('Ada Admin');
    expect(anonymous.text).not.toMatch(/"id"/);

    // A client user (no settings.view) reads the same texts.
    const client = await createUser(a, 'client_account');
    const clientView = await signedIn(t, a, client);
    expect((await clientView({ url: '/api/legal' })).json.items.map((i: { key: string }) => i.key)).toContain(key);
    expect((await clientView({ url: '/api/settings' })).status).toBe(403);
  });

  it('the platform host publishes the platform’s texts, not a company’s', async () => {
    const key = `company-terms-${uniq()}`;
    await createIn(asA, key, '<p>Company terms</p>');
    const platform = await request(t, { url: '/api/legal' });
    expect(platform.status).toBe(200);
    expect(platform.text).not.toContain(key);
  });
});
