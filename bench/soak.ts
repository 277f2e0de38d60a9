/**
 * `npm run soak [-- --minutes 10 --rate 200 --warmup 60]`: the soak of issue 9 against the real
 * server (apps/api/test/reliability/soak.ts): mixed authenticated reads and writes at a fixed
 * rate, then requests, errors, p50/p99 and the server's memory after warm-up and at the end.
 * Targets: 0 errors, p99 under 300 ms, memory growth under 10% after warm-up. Exits 1 on a miss.
 */
import { formatSoak, runSoak } from '../apps/api/test/reliability/soak.js';
import { elapsedLog, numberArg } from './cli.js';

const minutes = numberArg('minutes', 10, 'positive number');
const rate = numberArg('rate', 200, 'positive number');
const seconds = Math.round(minutes * 60);
const warmupSeconds = numberArg('warmup', Math.min(60, Math.max(5, Math.round(seconds / 10))), 'positive number');
const log = elapsedLog();

const result = await runSoak({ seconds, rate, warmupSeconds, log });
console.log(`\n${formatSoak(result)}\n`);
const misses = [
  result.errors > 0 && `${result.errors} errors`,
  result.p99 >= 300 && `p99 ${result.p99.toFixed(1)} ms >= 300 ms`,
  result.memory.rssGrowthPct >= 10 && `RSS grew ${result.memory.rssGrowthPct.toFixed(1)}% >= 10%`,
].filter(Boolean);
console.log(misses.length ? `FAIL: ${misses.join('; ')}` : 'PASS: 0 errors, p99 < 300 ms, memory growth < 10%');
process.exit(misses.length ? 1 : 0);
