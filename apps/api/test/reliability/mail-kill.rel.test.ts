/**
 * The mail worker killed, CI-sized (issue 9; the full run is `npm run bench:mail-kill`: 2,000
 * messages, 3 kills): messages queued through the outbox and pg-boss, a worker in a child process
 * delivering them to a real SMTP sink, killed with SIGKILL twice while it delivers.
 */
import { describe, expect, it } from 'vitest';
import { formatMailKill, runMailKill } from './mail-kill.js';

describe('mail worker killed while it delivers', () => {
  it('every queued message reaches the SMTP sink, none twice, and the killed worker’s messages within a minute', async () => {
    const r = await runMailKill({ messages: 200, kills: 2, timeoutMs: 150_000 });
    console.log(formatMailKill(r));
    expect(r.kills).toHaveLength(2);
    expect(r.outbox).toEqual({ sent: 200 });
    expect({
      missing: r.missing,
      duplicates: r.duplicates,
      duplicatesBySubject: r.duplicatesBySubject,
      foreign: r.foreign,
    }).toEqual({
      missing: 0,
      duplicates: 0,
      duplicatesBySubject: 0,
      foreign: 0,
    });
    // Jobs a killed worker held come back through their heartbeat, not the 15-minute expiry.
    expect(r.lastKillToDoneMs).toBeLessThan(90_000);
  });
});
