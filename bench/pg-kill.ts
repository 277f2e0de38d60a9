/**
 * `npm run bench:pg-kill [-- --kills 6 --writers 8 --steady 5000]`: PostgreSQL killed under a
 * running API (`npm start`'s main.ts, embedded server in a temp dir) while writers create tags
 * without pause; kills alternate between SIGKILL of the postmaster and `pg_ctl stop -m immediate`
 * (apps/api/test/reliability/pg-kill.ts). Prints the writes acknowledged and lost, how requests
 * were answered while the database was away, their slowest answer, and the time to recovery.
 * Targets: 0 lost, the API alive, only 201/503 answers, recovery <= 10 s. Exits 1 on a miss.
 */
import { runPgKill } from '../apps/api/test/reliability/pg-kill.js';
import { elapsedLog, numberArg } from './cli.js';

const log = elapsedLog();
const r = await runPgKill({
  kills: numberArg('kills', 6),
  mode: 'both',
  writers: numberArg('writers', 8),
  steadyMs: numberArg('steady', 5000),
  log,
});

const sum = (f: (o: (typeof r.outages)[number]) => number) => r.outages.reduce((n, o) => n + f(o), 0);
const unexpected = Object.entries(r.statuses).filter(([s]) => s !== '201' && s !== '503');
const rows = r.outages.map(
  (o, i) =>
    `  ${String(i + 1).padStart(2)}  ${o.mode.padEnd(16)} ${String(o.databaseDownMs).padStart(6)} ms  ${String(o.answers['503'] ?? 0).padStart(5)}  ${String(o.maxLatencyMs).padStart(6)} ms  ${String(o.recoveryMs).padStart(6)} ms`,
);
console.log(`
PostgreSQL killed ${r.outages.length} times under the API (${r.writes} writes by the writers)
  writes acknowledged (201):          ${r.acknowledged}
  acknowledged writes lost:           ${r.lost}
  answers over the run:               ${JSON.stringify(r.statuses)}
  503s while the database was away:   ${sum((o) => o.answers['503'] ?? 0)}
  max latency while it was away:      ${Math.max(0, ...r.outages.map((o) => o.maxLatencyMs))} ms
  max time to recovery (DB back -> a write served): ${Math.max(0, ...r.outages.map((o) => o.recoveryMs))} ms
  API process alive at the end:       ${r.apiAlive ? 'yes' : 'NO'}

   #  how               DB down     503s  max latency  recovery
${rows.join('\n')}
`);
const misses = [
  r.lost > 0 && `${r.lost} acknowledged writes lost`,
  !r.apiAlive && 'the API process died',
  unexpected.length > 0 && `unexpected answers ${JSON.stringify(Object.fromEntries(unexpected))}`,
  r.outages.some((o) => o.recoveryMs > 10_000) && 'recovery took over 10 s',
].filter(Boolean);
console.log(
  misses.length
    ? `FAIL: ${misses.join('; ')}`
    : `PASS: 0 lost, ${r.acknowledged} acknowledged, API alive, recovery within 10 s`,
);
process.exit(misses.length ? 1 : 0);
