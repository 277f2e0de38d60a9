/**
 * The soak, CI-sized (issue 9; the full run is `npm run soak`: 10 minutes at 200 req/s): the real
 * server under a fixed rate of mixed authenticated reads and writes from three demo users.
 */
import { describe, expect, it } from 'vitest';
import { formatSoak, runSoak } from './soak.js';

describe('soak (CI size: 20 s at 50 req/s)', () => {
  it('answers every request, p99 under 300 ms, and memory does not grow', async () => {
    // 50 req/s: robust on two shared cores (at 100 req/s and load 12 the p99 was 263 ms, too close to the limit).
    const r = await runSoak({ seconds: 20, rate: 50, warmupSeconds: 5 });
    console.log(formatSoak(r));
    expect(r.errorSamples).toEqual([]);
    expect(r.errors).toBe(0);
    expect(r.p99).toBeLessThan(300);
    // 15 s is too short to judge a slow leak; this catches a fast one.
    expect(r.memory.heapGrowthPct).toBeLessThan(25);
  });
});
