/**
 * `npm run bench:mail-kill [-- --messages 2000 --kills 3 --after-accept]`: the mail worker killed
 * with SIGKILL while it delivers queued messages to a real SMTP sink
 * (apps/api/test/reliability/mail-kill.ts); kills at random moments, or with --after-accept right
 * after the sink accepted a message (the worst moment). Target: every message delivered, none
 * twice. Exits 1 on a miss (a duplicate counts as one: it is reported, not hidden).
 */
import { formatMailKill, runMailKill } from '../apps/api/test/reliability/mail-kill.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return v;
}

const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)}s] ${m}`);
const timing = process.argv.includes('--after-accept') ? 'after-accept' : 'random';
const result = await runMailKill({ messages: arg('messages', 2000), kills: arg('kills', 3), killTiming: timing, log });
console.log(`\n${formatMailKill(result)}\n`);
const misses = [
  result.missing > 0 && `${result.missing} missing`,
  result.duplicates > 0 && `${result.duplicates} duplicates`,
].filter(Boolean);
console.log(misses.length ? `FAIL: ${misses.join('; ')}` : `PASS: all ${result.messages} delivered, 0 duplicates`);
process.exit(misses.length ? 1 : 0);
