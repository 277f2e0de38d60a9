import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path';

describe('safeNext', () => {
  it('only accepts paths on this site', () => {
    expect(safeNext('/settings?x=1')).toBe('/settings?x=1');
    expect(safeNext('//evil.test')).toBeNull();
    expect(safeNext('https://evil.test')).toBeNull();
    expect(safeNext('/login')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
