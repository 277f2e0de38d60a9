/** Field groups that several views share, spread into their z.object shapes (in the same order). */
import { z } from 'zod';

/** Suburb, state and postcode as stored (any may be missing). */
export const localityView = {
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
};

/** A stored street address: the street, then its locality. */
export const streetAddressView = { street: z.string().nullable(), ...localityView };

/** A stored street address with its position (null while it has none). */
export const locatedAddressView = () =>
  z.object({ ...streetAddressView, lat: z.number().nullable(), lng: z.number().nullable() });

/** A user's names: first, last, and both joined (fullName). */
export const userNamesView = { first_name: z.string(), last_name: z.string(), full_name: z.string() };

/** A user offered in a picker: id and full name. */
export const userOptionView = () => z.object({ id: z.uuid(), full_name: z.string() });

/** One item of a picker: id and name. */
export const namedView = () => z.object({ id: z.uuid(), name: z.string() });

/** A status as shown: its code, and the badge's label and colour. */
export const statusBadgeView = { status_code: z.string(), status_label: z.string(), status_colour: z.string() };
