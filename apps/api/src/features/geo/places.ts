/** Address autocomplete for AU and NZ from the offline gazetteer. */
import { sql, type SQL } from 'drizzle-orm';
import { STATES, type Place, type State } from '@siteflow/core';
import type { Deps } from '../../platform/context.js';
import { escapeLike } from '../../platform/db/like.js';
import type { GazetteerRow } from './gazetteer-data.js';

export const PLACE_LIMIT = 10;
/** Trigram word similarity needed for a fuzzy match ('brisbnae' vs 'brisbane city' is 0.56). */
const FUZZY_THRESHOLD = '0.45';

export type PlaceCountry = 'au' | 'nz' | 'all';
export type PlaceSearch =
  | { kind: 'postcode'; prefix: string; country: PlaceCountry }
  | { kind: 'name'; name: string; state: State | null; postcode: string | null; country: PlaceCountry };

const AU_STATE_WORDS = new Set(STATES.filter((s) => s !== 'OTH').map((s) => s.toLowerCase()));

/**
 * What the user typed -> what to look for. Digits alone are a postcode prefix; otherwise a
 * trailing postcode, state or country ('Brisbane City QLD 4000', 'Queenstown, New Zealand')
 * ranks matching places first and the rest is the place name.
 */
export function parsePlaceQuery(q: string, country: PlaceCountry): PlaceSearch | null {
  let s = q.toLowerCase().replace(/[,;]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!s) return null;
  if (/^\d{1,4}$/.test(s)) return { kind: 'postcode', prefix: s, country: country === 'nz' ? 'nz' : 'au' };
  const nz = /(?:^| )(?:new zealand|nz)$/.exec(s);
  if (nz && s.length > nz[0].length) {
    s = s.slice(0, nz.index).trim();
    if (country === 'all') country = 'nz';
  }
  const au = /(?:^| )australia$/.exec(s);
  if (au && s.length > au[0].length) {
    s = s.slice(0, au.index).trim();
    if (country === 'all') country = 'au';
  }
  const words = s.split(' ');
  let postcode: string | null = null;
  let state: State | null = null;
  if (words.length > 1 && /^\d{3,4}$/.test(words.at(-1)!)) postcode = words.pop()!.padStart(4, '0');
  if (words.length > 1 && AU_STATE_WORDS.has(words.at(-1)!)) state = words.pop()!.toUpperCase() as State;
  const name = words.join(' ');
  return { kind: 'name', name, state, postcode, country };
}

/** A gazetteer place as the search reads it: whether another place has the same name, not the population. */
type Row = Omit<GazetteerRow, 'population'> & { ambiguous: boolean };

export function placeOf(r: Row): Place {
  if (r.country === 'NZ') {
    const label = r.ambiguous && r.state ? `${r.suburb}, ${r.state}, New Zealand` : `${r.suburb}, New Zealand`;
    return {
      id: r.id,
      label,
      suburb: r.suburb,
      state: null,
      postcode: null,
      country: 'New Zealand',
      lat: r.lat,
      lng: r.lng,
    };
  }
  const label = [r.suburb, r.state, r.postcode].filter(Boolean).join(' ');
  return {
    id: r.id,
    label,
    suburb: r.suburb,
    state: r.state,
    postcode: r.postcode,
    country: 'Australia',
    lat: r.lat,
    lng: r.lng,
  };
}

const countryFilter = (c: PlaceCountry): SQL =>
  c === 'au' ? sql`g.country = 'AU'` : c === 'nz' ? sql`g.country = 'NZ'` : sql`true`;

/** NZ names repeat (three Richmonds): their labels then name the region. Evaluated for the returned rows only. */
const ambiguous = sql`(g.country = 'NZ' and exists (select 1 from gazetteer o where o.country = 'NZ' and lower(o.suburb) = lower(g.suburb) and o.id <> g.id)) as ambiguous`;
const columns = sql`g.id, g.country, g.suburb, g.state, g.postcode, g.lat, g.lng, ${ambiguous}`;

function placesQuery(search: PlaceSearch): SQL {
  if (search.kind === 'postcode') {
    if (search.country === 'nz') return sql`select ${columns} from gazetteer g where false`;
    const p = search.prefix;
    // Digit strings of one length sort numerically, so a range keeps to the postcode index.
    const range = sql`(g.postcode >= ${p} and g.postcode <= ${p + '9999'.slice(p.length)})`;
    const darwin = p.length === 3 ? sql` or g.postcode = ${p.padStart(4, '0')}` : sql``;
    return sql`select ${columns} from gazetteer g where g.country = 'AU' and (${range}${darwin})
               order by g.postcode, g.population desc nulls last, g.suburb limit ${PLACE_LIMIT}`;
  }
  const name = search.name;
  const prefix = `${escapeLike(name)}%`;
  const wordPrefix = `% ${escapeLike(name)}%`;
  const fuzzy = name.length >= 3 ? sql` or ${name} <% lower(g.suburb)` : sql``;
  const rank = sql`case when lower(g.suburb) = ${name} then 0 when lower(g.suburb) like ${prefix} or lower(g.suburb) like ${wordPrefix} then 1 else 2 end`;
  return sql`select ${columns}
               from gazetteer g
              where ${countryFilter(search.country)}
                and (lower(g.suburb) like ${prefix} or lower(g.suburb) like ${wordPrefix}${fuzzy})
              order by ${search.postcode ? sql`(g.postcode = ${search.postcode}) desc nulls last,` : sql``}
                       ${search.state ? sql`(g.state = ${search.state}) desc nulls last,` : sql``}
                       ${rank}, word_similarity(${name}, lower(g.suburb)) desc, g.population desc nulls last, g.suburb, g.id
              limit ${PLACE_LIMIT}`;
}

export async function searchPlaces(deps: Pick<Deps, 'db'>, q: string, country: PlaceCountry): Promise<Place[]> {
  const search = parsePlaceQuery(q, country);
  if (!search || (search.kind === 'name' && !search.name)) return [];
  const rows = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`);
    return (await tx.execute<Row>(placesQuery(search))).rows;
  });
  return rows.map(placeOf);
}
