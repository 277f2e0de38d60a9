import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Place } from '@siteflow/core';
import { createUser, ownerDb, ownerPool, PLATFORM_HOST, request, signIn } from '../../../test/harness.js';
import { companyAndPlatform, type TestApp, type TestTenant } from '../../../test/companies.js';
import { geocode, knownStateOf } from './geocode.js';
import { loadGazetteer } from './load-gazetteer.js';

let t: TestApp, tenant: TestTenant, cookie: string, platformCookie: string;

beforeAll(async () => {
  ({ t, tenant, companyAdmin: cookie, platformAdmin: platformCookie } = await companyAndPlatform({ gazetteer: true }));
});
afterAll(async () => {
  await t?.close();
});

const places = async (q: string, country?: string) => {
  const res = await request(t, {
    url: `/api/geo/places?q=${encodeURIComponent(q)}${country ? `&country=${country}` : ''}`,
    host: tenant.host,
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.json.items as Place[];
};

describe('gazetteer loading', () => {
  it('holds AU suburbs and NZ towns, and a second load is a no-op', async () => {
    const { rows } = await ownerPool().query<{ country: string; n: number }>(
      `select country, count(*)::int as n from gazetteer group by country order by country`,
    );
    expect(rows).toEqual([
      { country: 'AU', n: 15281 },
      { country: 'NZ', n: 647 },
    ]);
    const again = await loadGazetteer(inject('ownerUrl'));
    expect(again.loaded).toBe(false);
    expect(again.ms).toBeLessThan(300);
  });
});

describe('GET /api/geo/places', () => {
  it('finds suburbs by name with state and postcode in the label', async () => {
    const items = await places('Brisbane');
    expect(items.length).toBeLessThanOrEqual(10);
    expect(items.map((p) => p.label).slice(0, 3)).toContain('Brisbane City QLD 4000');
    const city = items.find((p) => p.label === 'Brisbane City QLD 4000')!;
    expect(city).toMatchObject({ suburb: 'Brisbane City', state: 'QLD', postcode: '4000', country: 'Australia' });
    expect(city.lat).toBeCloseTo(-27.4697, 3);
    expect(city.lng).toBeCloseTo(153.023, 3);
  });

  it('tolerates typos', async () => {
    expect((await places('Brisbnae')).map((p) => p.label)).toContain('Brisbane City QLD 4000');
    expect((await places('Melbourn'))[0]!.label).toBe('Melbourne VIC 3000');
  });

  it('matches postcodes by prefix, most populous first', async () => {
    const items = await places('4000');
    expect(items[0]!.label).toBe('Brisbane City QLD 4000');
    expect(items.every((p) => p.postcode === '4000')).toBe(true);
    expect((await places('40')).every((p) => p.postcode!.startsWith('40'))).toBe(true);
    expect((await places('800'))[0]!.label).toBe('Darwin City NT 0800');
  });

  it('ranks the typed state and postcode first', async () => {
    expect((await places('Richmond VIC'))[0]!.label).toBe('Richmond VIC 3121');
    expect((await places('Brisbane City QLD 4000'))[0]!.label).toBe('Brisbane City QLD 4000');
  });

  it('finds NZ towns, and keeps to the country asked for', async () => {
    const nz = await places('Queenstown', 'nz');
    expect(nz[0]).toMatchObject({
      label: 'Queenstown, New Zealand',
      country: 'New Zealand',
      postcode: null,
      state: null,
    });
    expect(nz[0]!.lat).toBeCloseTo(-45.03, 2);
    const au = await places('Queenstown', 'au');
    expect(au.every((p) => p.country === 'Australia')).toBe(true);
    expect(au.map((p) => p.label)).toContain('Queenstown TAS 7467');
    const all = await places('Queenstown');
    expect(all.map((p) => p.label)).toEqual(expect.arrayContaining(['Queenstown, New Zealand', 'Queenstown TAS 7467']));
    expect((await places('Queenstown, New Zealand'))[0]!.label).toBe('Queenstown, New Zealand');
    // Three Richmonds in New Zealand: the region tells them apart.
    expect((await places('Richmond', 'nz')).filter((p) => p.label.startsWith('Richmond, ')).length).toBe(3);
  });

  it('returns nothing for nonsense, and refuses an empty or overlong query', async () => {
    expect(await places('zzqxj')).toEqual([]);
    expect((await request(t, { url: '/api/geo/places?q=', host: tenant.host, cookie })).status).toBe(422);
    expect((await request(t, { url: `/api/geo/places?q=${'a'.repeat(101)}`, host: tenant.host, cookie })).status).toBe(
      422,
    );
    expect((await request(t, { url: '/api/geo/places?q=x&country=fr', host: tenant.host, cookie })).status).toBe(422);
    expect(await places('100%_\\')).toEqual([]);
  });

  it('needs a signed-in user who may see projects', async () => {
    expect((await request(t, { url: '/api/geo/places?q=Brisbane', host: tenant.host })).status).toBe(401);
    expect((await request(t, { url: '/api/geo/postcode-state?postcode=4000', host: tenant.host })).status).toBe(401);
    const client = await createUser(tenant, 'client_admin');
    const clientCookie = await signIn(t, tenant.host, client.email);
    expect(
      (await request(t, { url: '/api/geo/places?q=Brisbane', host: tenant.host, cookie: clientCookie })).status,
    ).toBe(200);
    expect(
      (await request(t, { url: '/api/geo/places?q=Brisbane', host: PLATFORM_HOST, cookie: platformCookie })).status,
    ).toBe(403);
  });
});

describe('GET /api/geo/postcode-state', () => {
  const stateOf = async (postcode: string, suburb?: string) => {
    const res = await request(t, {
      url: `/api/geo/postcode-state?postcode=${postcode}${suburb ? `&suburb=${encodeURIComponent(suburb)}` : ''}`,
      host: tenant.host,
      cookie,
    });
    expect(res.status, res.text).toBe(200);
    return res.json.state as string | null;
  };

  it('prefers the data where it knows the postcode and suburb, else the rule', async () => {
    expect(await stateOf('2620', 'Hume')).toBe('ACT'); // the rule says NSW
    expect(await stateOf('2620', 'hume')).toBe('ACT');
    expect(await stateOf('2620', 'Queanbeyan')).toBe('NSW');
    expect(await stateOf('2620')).toBe('NSW'); // mixed postcode, no suburb: the rule
    expect(await stateOf('2600')).toBe('ACT'); // all of 2600 is ACT in the data
    expect(await stateOf('4385', 'Texas')).toBe('QLD'); // a Texas on both sides of the border: the rule
    expect(await stateOf('800')).toBe('NT');
    expect(await stateOf('3000')).toBe('VIC');
    expect(await stateOf('9999')).toBe('ACT'); // not in the data: the rule's 'otherwise'
  });

  it('refuses what is not a postcode', async () => {
    const res = await request(t, { url: '/api/geo/postcode-state?postcode=abc', host: tenant.host, cookie });
    expect(res.status).toBe(422);
    expect(res.json.errors.postcode).toEqual(['The postcode must be a number from 0 to 9999.']);
  });
});

describe('geocode', () => {
  const au = (suburb: string | null, state: string | null, postcode: string | null) =>
    geocode(ownerDb(), { street: '1 Main Street', suburb, state, postcode, country: 'Australia' });

  it('places a suburb with its postcode at the suburb', async () => {
    const p = await au('brisbane city', 'QLD', '4000');
    expect(p).toMatchObject({ precision: 'suburb' });
    expect(p!.lat).toBeCloseTo(-27.46971, 4);
    expect(p!.lng).toBeCloseTo(153.02297, 4);
    expect(await au('Darwin City', 'NT', '800')).toMatchObject({ precision: 'suburb', lat: -12.463 });
  });

  it('falls back to the population-weighted centre of the postcode', async () => {
    const p = await au('Nowhere Special', 'QLD', '4000');
    expect(p).toMatchObject({ precision: 'postcode' });
    // Between Brisbane City, Spring Hill and Petrie Terrace, nearest the most populous.
    expect(p!.lat).toBeGreaterThan(-27.4697);
    expect(p!.lat).toBeLessThan(-27.459);
    expect(await au(null, null, '4000')).toMatchObject({ precision: 'postcode' });
  });

  it('keeps a mixed postcode to the given state', async () => {
    const act = await au(null, 'ACT', '2620');
    const nsw = await au(null, 'NSW', '2620');
    expect(act!.precision).toBe('postcode');
    expect(act).not.toEqual(nsw);
    expect(await au('Hume', 'ACT', '2620')).toMatchObject({ precision: 'suburb', lat: -35.38811, lng: 149.16826 });
  });

  it('places a suburb and state without a postcode at the suburb', async () => {
    expect(await au('Hobart', 'TAS', null)).toMatchObject({ precision: 'suburb', lat: -42.88246 });
  });

  it("places a state alone at its capital's centre", async () => {
    const qld = await au(null, 'QLD', null);
    expect(qld).toMatchObject({ precision: 'state' });
    expect(qld!.lat).toBeCloseTo(-27.466, 1);
    const act = await au(null, 'ACT', null);
    expect(act!.lat).toBeCloseTo(-35.28, 1);
    expect(act!.lng).toBeCloseTo(149.12, 1);
    for (const s of ['NSW', 'VIC', 'SA', 'WA', 'TAS', 'NT'])
      expect((await au(null, s, null))?.precision, s).toBe('state');
    expect(await au(null, 'OTH', null)).toBeNull();
    expect(await au(null, null, null)).toBeNull();
  });

  it('places NZ towns by name', async () => {
    expect(
      await geocode(ownerDb(), {
        street: null,
        suburb: 'queenstown',
        state: null,
        postcode: null,
        country: 'New Zealand',
      }),
    ).toMatchObject({ precision: 'suburb', lat: -45.03023, lng: 168.66271 });
    expect(
      await geocode(ownerDb(), {
        street: null,
        suburb: 'Atlantis',
        state: null,
        postcode: null,
        country: 'New Zealand',
      }),
    ).toBeNull();
    expect(
      await geocode(ownerDb(), { street: null, suburb: 'Suva', state: null, postcode: null, country: 'Fiji' }),
    ).toBeNull();
  });

  it('knownStateOf answers from the data only', async () => {
    expect(await knownStateOf(ownerDb(), '2620', 'Hume')).toBe('ACT');
    expect(await knownStateOf(ownerDb(), '2620', null)).toBeNull();
    expect(await knownStateOf(ownerDb(), '0800', null)).toBe('NT');
    expect(await knownStateOf(ownerDb(), 'x', null)).toBeNull();
  });
});
