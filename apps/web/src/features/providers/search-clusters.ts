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

/** Markers this close on screen (pixels) stand at one address: at full zoom they are fanned out. */
export const SAME_PLACE_PX = 4;

/**
 * At full zoom, where bubbles end, providers at one address would be drawn on top of each other and
 * only the last could be clicked. Each stack is spread on a small circle around its address
 * (`spreadPx` per marker of it, at least 14 px), in the order given; a marker alone stays where it
 * is. Positions in screen pixels at that zoom (the caller turns them back into places).
 */
export function fanOutStacks<T>(points: { item: T; x: number; y: number }[], spreadPx = 7) {
  const stacks: { x: number; y: number; items: T[] }[] = [];
  for (const p of points) {
    const stack = stacks.find((s) => Math.abs(s.x - p.x) <= SAME_PLACE_PX && Math.abs(s.y - p.y) <= SAME_PLACE_PX);
    if (stack) stack.items.push(p.item);
    else stacks.push({ x: p.x, y: p.y, items: [p.item] });
  }
  return stacks.flatMap((s) => {
    if (s.items.length === 1) return [{ item: s.items[0]!, x: s.x, y: s.y, fanned: false }];
    const r = Math.max(14, (spreadPx * s.items.length) / 2);
    return s.items.map((item, i) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / s.items.length;
      return { item, x: s.x + r * Math.cos(angle), y: s.y + r * Math.sin(angle), fanned: true };
    });
  });
}
