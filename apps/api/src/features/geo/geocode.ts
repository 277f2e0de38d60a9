/** Offline geocoding of project addresses from the gazetteer, and the data half of postcode-to-state. */
import { sql } from 'drizzle-orm';
import { STATES, stateOfPostcode, type State } from '@siteflow/core';
import type { Exec } from '../../platform/db/client.js';
import { normalisePostcode } from './gazetteer-data.js';

export type GeoPrecision = 'suburb' | 'postcode' | 'state';
export type GeocodeInput = {
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string;
};
export type GeocodeResult = { lat: number; lng: number; precision: GeoPrecision };

/** A state alone is placed at its capital's CBD postcode (spec 1 section 9: a representative postcode per state). */
export const STATE_POSTCODES: Record<Exclude<State, 'OTH'>, string> = {
  NSW: '2000',
  VIC: '3000',
  QLD: '4000',
  SA: '5000',
  WA: '6000',
  TAS: '7000',
  NT: '0800',
  // Canberra's 2600 has no locality called Canberra; 2601 holds City (the CBD) and Acton.
  ACT: '2601',
};

export function countryCode(country: string | null | undefined): 'AU' | 'NZ' | null {
  const c = (country ?? '').trim().toLowerCase();
  if (c === '' || c === 'australia' || c === 'au') return 'AU';
  if (c === 'new zealand' || c === 'nz') return 'NZ';
  return null;
}

const isState = (s: string | null | undefined): s is State => !!s && (STATES as readonly string[]).includes(s);
const clean = (s: string | null | undefined) => {
  const t = (s ?? '').trim().replace(/\s+/g, ' ');
  return t === '' ? null : t;
};

type Point = { lat: number; lng: number };
type StatePart = {
  state: string | null;
  wlat: number | null;
  wlng: number | null;
  pop: number | null;
  alat: number;
  alng: number;
};

/** Population-weighted centre of the parts (plain mean where nobody lives there). */
function centreOf(parts: StatePart[]): Point | null {
  if (parts.length === 0) return null;
  const pop = parts.reduce((s, p) => s + (p.pop ?? 0), 0);
  if (pop > 0) {
    const lat = parts.reduce((s, p) => s + (p.wlat ?? 0), 0) / pop;
    const lng = parts.reduce((s, p) => s + (p.wlng ?? 0), 0) / pop;
    return { lat, lng };
  }
  return {
    lat: parts.reduce((s, p) => s + p.alat, 0) / parts.length,
    lng: parts.reduce((s, p) => s + p.alng, 0) / parts.length,
  };
}

/** The centre of a postcode, within the given state when the postcode has places there. */
async function postcodeCentre(tx: Exec, postcode: string, state: string | null): Promise<Point | null> {
  const { rows } = await tx.execute<StatePart>(sql`
    select state, sum(lat * population)::float8 as wlat, sum(lng * population)::float8 as wlng, sum(population)::float8 as pop,
           avg(lat)::float8 as alat, avg(lng)::float8 as alng
      from gazetteer where country = 'AU' and postcode = ${postcode} group by state`);
  const inState = state ? rows.filter((r) => r.state === state) : [];
  // A group of one state sums only its own rows; several states combine by their totals.
  return centreOf(inState.length ? inState : rows);
}

async function firstPoint(tx: Exec, query: ReturnType<typeof sql>): Promise<Point | null> {
  const { rows } = await tx.execute<Point>(query);
  return rows[0] ?? null;
}

/**
 * Where an address is, as precisely as the gazetteer allows. AU: suburb and postcode -> that
 * suburb; postcode -> its population-weighted centre; suburb and state -> that suburb; state
 * -> its capital's centre. NZ: the town. The street is not resolved (no street data offline).
 */
export async function geocode(tx: Exec, input: GeocodeInput): Promise<GeocodeResult | null> {
  const country = countryCode(input.country);
  const suburb = clean(input.suburb)?.toLowerCase() ?? null;
  const state = clean(input.state)?.toUpperCase() ?? null;
  if (country === 'NZ') {
    if (!suburb) return null;
    const p = await firstPoint(
      tx,
      sql`select lat, lng from gazetteer where country = 'NZ' and lower(suburb) = ${suburb} order by id limit 1`,
    );
    return p && { ...p, precision: 'suburb' };
  }
  if (country !== 'AU') return null;
  const postcode = normalisePostcode(input.postcode);
  if (postcode && suburb) {
    const p = await firstPoint(
      tx,
      sql`select lat, lng from gazetteer where country = 'AU' and postcode = ${postcode} and lower(suburb) = ${suburb}
          order by (state = ${state}) desc nulls last, population desc nulls last, id limit 1`,
    );
    if (p) return { ...p, precision: 'suburb' };
  }
  if (postcode) {
    const p = await postcodeCentre(tx, postcode, state);
    if (p) return { ...p, precision: 'postcode' };
  }
  if (suburb && isState(state)) {
    const p = await firstPoint(
      tx,
      sql`select lat, lng from gazetteer where country = 'AU' and state = ${state} and lower(suburb) = ${suburb} order by population desc nulls last, id limit 1`,
    );
    if (p) return { ...p, precision: 'suburb' };
  }
  if (isState(state) && state !== 'OTH') {
    const p = await postcodeCentre(tx, STATE_POSTCODES[state], state);
    if (p) return { ...p, precision: 'state' };
  }
  return null;
}

/**
 * The gazetteer's answer to "which state is this postcode in", for stateOfPostcode in core:
 * the state of the named suburb in that postcode, else the postcode's state when all its places
 * share one (Canberra's 26xx/29xx are ACT, which the rule calls NSW), else null (the rule decides).
 */
export async function knownStateOf(tx: Exec, postcode: string, suburb: string | null): Promise<State | null> {
  const pc = normalisePostcode(postcode);
  if (!pc) return null;
  const name = clean(suburb)?.toLowerCase() ?? '';
  const { rows } = await tx.execute<{ state: string; named: number }>(
    sql`select state, count(*) filter (where lower(suburb) = ${name})::int as named from gazetteer where country = 'AU' and postcode = ${pc} group by state`,
  );
  const named = rows.filter((r) => r.named > 0);
  const pick = named.length === 1 ? named[0]!.state : named.length === 0 && rows.length === 1 ? rows[0]!.state : null;
  return isState(pick) ? pick : null;
}

/** stateOfPostcode with the data first and the spec's rule as the fallback. */
export async function postcodeState(tx: Exec, postcode: string, suburb: string | null): Promise<State | null> {
  const known = await knownStateOf(tx, postcode, suburb);
  return stateOfPostcode(postcode, suburb, () => known);
}
