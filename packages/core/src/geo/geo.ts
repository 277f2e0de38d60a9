import { z } from 'zod';
import type { State } from '../common/fields.js';

/** Spec 1 section 9: postcode to state, the fallback when the gazetteer does not know a postcode. */
export function stateOfPostcodeByRule(postcode: number): State {
  if (postcode >= 1000 && postcode <= 2999) return 'NSW';
  if ((postcode >= 3000 && postcode <= 3999) || (postcode >= 8000 && postcode <= 8999)) return 'VIC';
  if ((postcode >= 4000 && postcode <= 4999) || (postcode >= 9000 && postcode <= 9998)) return 'QLD';
  if (postcode >= 5000 && postcode <= 5999) return 'SA';
  if (postcode >= 6000 && postcode <= 6999) return 'WA';
  if (postcode >= 7000 && postcode <= 7999) return 'TAS';
  if (postcode >= 800 && postcode <= 998) return 'NT';
  return 'ACT';
}

/**
 * The state of a postcode: the gazetteer's answer where postcode and suburb are both known
 * (it is right for border postcodes the rule gets wrong), else the spec's rule.
 */
export function stateOfPostcode(
  postcode: string,
  suburb: string | null,
  known: (postcode: string, suburb: string | null) => State | null,
): State | null {
  if (!/^\d{1,4}$/.test(postcode)) return null;
  return known(postcode.padStart(4, '0'), suburb) ?? stateOfPostcodeByRule(Number(postcode));
}

export const PlaceQuery = z.object({
  q: z.string().trim().min(1).max(100),
  country: z.enum(['au', 'nz', 'all']).default('all'),
});
export const Place = z.object({
  id: z.number().int(),
  label: z.string(),
  suburb: z.string(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.enum(['Australia', 'New Zealand']),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof Place>;
export const PlaceList = z.object({ items: z.array(Place) });

export const GAZETTEER_CREDIT =
  'Suburb data © Michal Sniatala (MIT), from ABS 2016 Census data (CC BY 4.0); NZ places from GeoNames (CC BY 4.0).';
