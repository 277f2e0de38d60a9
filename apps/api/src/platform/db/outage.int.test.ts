/**
 * Issue 9, defect 2: PostgreSQL dies under a running API (`npm start`: main.ts in a child
 * process with its embedded server in a temp dir). Killed with SIGKILL, then stopped with
 * `pg_ctl stop -m immediate`, while tags are written without pause. The API process stays up,
 * requests while the database is away answer 503 at once (no hang, no 500), the embedded server is
 * started again by the app, full service returns within 10 s of the database accepting
 * connections, and no acknowledged write is lost. (Long variant: npm run bench:pg-kill.)
 */
import { describe, expect, it } from 'vitest';
import { runPgKill } from '../../../test/reliability/pg-kill.js';

describe('PostgreSQL killed under the API', () => {
  it(
    '503 while it is away, back by itself within 10 s, no acknowledged write lost, the process alive',
    { timeout: 180_000 },
    async () => {
      const r = await runPgKill({ kills: 2, mode: 'both', writers: 3, steadyMs: 1500, hangMs: 10_000 });
      expect(r.apiAlive).toBe(true);
      expect(r.acknowledged).toBeGreaterThan(20);
      expect(r.lost).toBe(0);
      // Every answer over the whole run was a success or the busy/restarting 503: no 500, no hang.
      expect(Object.keys(r.statuses).sort()).toEqual(expect.arrayContaining(['201']));
      expect(Object.keys(r.statuses).filter((s) => s !== '201' && s !== '503')).toEqual([]);
      expect(r.outages.map((o) => o.mode)).toEqual(['SIGKILL', 'pg_ctl immediate']);
      for (const o of r.outages) {
        expect(
          Object.keys(o.answers).filter((s) => s !== '201' && s !== '503'),
          JSON.stringify(o),
        ).toEqual([]);
        expect(o.maxLatencyMs, JSON.stringify(o)).toBeLessThan(5000);
        expect(o.recoveryMs, JSON.stringify(o)).toBeLessThanOrEqual(10_000);
      }
      expect(r.outages.reduce((n, o) => n + (o.answers['503'] ?? 0), 0)).toBeGreaterThan(0);
      expect(r.supervisorLines.some((l) => l.includes('PostgreSQL stopped unexpectedly'))).toBe(true);
      expect(r.supervisorLines.filter((l) => l.includes('PostgreSQL is running again'))).toHaveLength(2);
    },
  );
});
