import { describe, expect, it } from 'vitest';
import { fanOutStacks, groupByCell } from './search-clusters';

const at = (item: string, x: number, y: number) => ({ item, lat: -27 - y / 100, lng: 153 + x / 100, x, y });

describe('groupByCell', () => {
  it('draws providers that would overlap on screen as one bubble at their mean position, the rest alone', () => {
    const groups = groupByCell([at('a', 10, 10), at('b', 50, 40), at('c', 130, 10), at('d', 59, 59)], 60);
    expect(groups.map((g) => g.items)).toEqual([['a', 'b', 'd'], ['c']]);
    expect(groups[0]!.lat).toBeCloseTo(-27 - (10 + 40 + 59) / 300);
    expect(groups[0]!.lng).toBeCloseTo(153 + (10 + 50 + 59) / 300);
    expect(groups[1]).toEqual({ items: ['c'], lat: -27.1, lng: 154.3 });
  });

  it('groups by fixed cells, so the same points group the same wherever the map is panned', () => {
    // 59 and 61 are two pixels apart but in neighbouring cells; 61 and 119 share one.
    expect(groupByCell([at('a', 59, 0), at('b', 61, 0), at('c', 119, 0)], 60).map((g) => g.items)).toEqual([
      ['a'],
      ['b', 'c'],
    ]);
  });
});

describe('fanOutStacks', () => {
  it('spreads providers at one address on a circle around it, so each can be clicked; a lone one stays put', () => {
    const out = fanOutStacks([
      { item: 'a', x: 100, y: 100 },
      { item: 'b', x: 101, y: 99 },
      { item: 'c', x: 100, y: 100 },
      { item: 'd', x: 300, y: 100 },
    ]);
    expect(out.map((p) => p.item)).toEqual(['a', 'b', 'c', 'd']);
    expect(out[3]).toEqual({ item: 'd', x: 300, y: 100, fanned: false });
    const fanned = out.slice(0, 3);
    for (const p of fanned) {
      expect(p.fanned).toBe(true);
      expect(Math.hypot(p.x - 100, p.y - 100)).toBeCloseTo(14);
    }
    // No two of them left on top of each other (markers are 16 px across).
    for (const [i, p] of fanned.entries())
      for (const q of fanned.slice(i + 1)) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThan(16);
  });
});
