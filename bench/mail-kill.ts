/**
 * `npm run bench:mail-kill [-- --messages 2000 --kills 3 --after-accept]`: the mail worker killed
 * with SIGKILL while it delivers queued messages to a real SMTP sink
 * (apps/api/test/reliability/mail-kill.ts); kills at random moments, or with --after-accept right
 * after the sink accepted a message (the worst moment). Target: every message delivered, none
 * twice. Exits 1 on a miss (a duplicate counts as one: it is reported, not hidden).
 */
import { formatMailKill, runMailKill } from '../apps/api/test/reliability/mail-kill.js';
import { elapsedLog, numberArg } from './cli.js';

const log = elapsedLog();
const timing = process.argv.includes('--after-accept') ? 'after-accept' : 'random';
const result = await runMailKill({
  messages: numberArg('messages', 2000),
  kills: numberArg('kills', 3),
  killTiming: timing,
  log,
});
console.log(`\n${formatMailKill(result)}\n`);
const misses = [
  result.missing > 0 && `${result.missing} missing`,
  result.duplicates > 0 && `${result.duplicates} duplicates`,
].filter(Boolean);
console.log(misses.length ? `FAIL: ${misses.join('; ')}` : `PASS: all ${result.messages} delivered, 0 duplicates`);
process.exit(misses.length ? 1 : 0);
