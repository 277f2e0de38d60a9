/** An address with the coordinates it was placed at (null where it was not found). */
export type Located = {
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
};

/** The address and coordinates of a row, as the views' location objects carry them. */
export const locationOf = (r: Located): Located => ({
  street: r.street,
  suburb: r.suburb,
  state: r.state,
  postcode: r.postcode,
  lat: r.lat,
  lng: r.lng,
});
