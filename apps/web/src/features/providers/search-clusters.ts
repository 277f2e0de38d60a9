/** Markers within one cell of this many screen pixels are drawn as one bubble (as on the project map). */
export const CLUSTER_CELL_PX = 60;

/** One marker or a bubble of several, at the mean of its members' positions. */
export type Group<T> = { items: T[]; lat: number; lng: number };

/**
 * Groups points by the screen cell they fall in at the map's zoom (`x`, `y`: their position in
 * pixels, Leaflet's `map.project`). Cells sit at fixed multiples of the size, so panning does not
 * regroup them. In the order of their first member.
 */
export function groupByCell<T>(
  points: { item: T; lat: number; lng: number; x: number; y: number }[],
  cellPx = CLUSTER_CELL_PX,
): Group<T>[] {
  const cells = new Map<string, { items: T[]; lat: number; lng: number }>();
  for (const p of points) {
    const key = `${Math.floor(p.x / cellPx)}:${Math.floor(p.y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.items.push(p.item);
      cell.lat += p.lat;
      cell.lng += p.lng;
    } else cells.set(key, { items: [p.item], lat: p.lat, lng: p.lng });
  }
  return [...cells.values()].map((c) => ({ items: c.items, lat: c.lat / c.items.length, lng: c.lng / c.items.length }));
}
