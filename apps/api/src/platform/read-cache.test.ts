import { describe, expect, it } from 'vitest';
import { versionWentBack, type SeenVersion } from './read-cache.js';

const T = 'tenant-a';

describe('versionWentBack (when the read cache must forget what it keeps)', () => {
  it('keeps everything while the versions only grow', () => {
    const seen = new Map<string, SeenVersion>();
    expect(versionWentBack(seen, T, { version: 5, asked: 0, answered: 1 })).toBe(false);
    expect(versionWentBack(seen, T, { version: 6, asked: 2, answered: 3 })).toBe(false);
    expect(versionWentBack(seen, T, { version: 6, asked: 4, answered: 5 })).toBe(false);
    expect(seen.get(T)).toEqual({ version: 6, answered: 3 });
  });

  it('keeps everything when an older version arrives from a request overtaken by a newer one', () => {
    const seen = new Map<string, SeenVersion>();
    versionWentBack(seen, T, { version: 5, asked: 0, answered: 1 });
    // A asked at 2 (before the write committed), B asked at 3 and saw the write; A arrives last.
    expect(versionWentBack(seen, T, { version: 6, asked: 3, answered: 4 })).toBe(false);
    expect(versionWentBack(seen, T, { version: 5, asked: 2, answered: 5 })).toBe(false);
    expect(versionWentBack(seen, T, { version: 5, asked: 4, answered: 6 })).toBe(false); // asked as 6 was answered
    expect(seen.get(T)).toEqual({ version: 6, answered: 4 });
  });

  it('forgets everything when a version lower than one already answered is read after it (a restore)', () => {
    const seen = new Map<string, SeenVersion>();
    versionWentBack(seen, T, { version: 9, asked: 0, answered: 1 });
    expect(versionWentBack(seen, T, { version: 4, asked: 2, answered: 3 })).toBe(true);
    expect(seen.get(T)).toEqual({ version: 4, answered: 3 });
    // from there the count grows again as usual
    expect(versionWentBack(seen, T, { version: 5, asked: 4, answered: 5 })).toBe(false);
  });

  it('keeps each tenant apart', () => {
    const seen = new Map<string, SeenVersion>();
    versionWentBack(seen, T, { version: 9, asked: 0, answered: 1 });
    expect(versionWentBack(seen, 'tenant-b', { version: 2, asked: 2, answered: 3 })).toBe(false);
    expect(seen.get(T)?.version).toBe(9);
  });
});
