/**
 * Jobs declared by features: startJobs creates each declared queue, schedules it (cron in its time
 * zone) and runs its handler with the job deps. pg-boss runs on a scratch database of the test
 * server, so its workers never touch the shared test data.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { featureJobs } from '../features/jobs.js';
import { createDb } from './db/client.js';
import { startJobs, type JobDeps, type Jobs } from './jobs.js';
import type { Transport } from './mail.js';

const name = `jobs_${crypto.randomBytes(4).toString('hex')}`;
const ownerUrl = inject('ownerUrl');
const scratchUrl = (() => {
  const u = new URL(ownerUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

const noMail: Transport = { deliver: async () => {} };
const ran: JobDeps[] = [];
let jobs: Jobs;
let scratch: ReturnType<typeof createDb>;

beforeAll(async () => {
  await admin(`create database ${name}`);
  scratch = createDb(scratchUrl, 2);
  jobs = await startJobs({
    ownerUrl: scratchUrl,
    db: scratch.db,
    transport: noMail,
    mailFrom: 'test@example.test',
    work: true,
    appUrl: 'http://jobs.example.test',
    jobs: [
      ...featureJobs,
      {
        queue: 'test-declared',
        schedule: '0 3 * * 1',
        handler: async (deps) => {
          ran.push(deps);
        },
      },
    ],
  });
}, 60_000);

afterAll(async () => {
  await jobs?.stop();
  await scratch?.pool.end();
  await admin(`drop database if exists ${name} with (force)`);
});

const rows = async (sql: string) => {
  const c = new pg.Client({ connectionString: scratchUrl });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
};

describe('jobs declared by features', () => {
  it('the certificates feature declares its daily reminders at 06:00 company time', () => {
    expect(featureJobs.map(({ queue, schedule, tz }) => ({ queue, schedule, tz }))).toContainEqual({
      queue: 'certificate-reminders',
      schedule: '0 6 * * *',
      tz: 'Australia/Brisbane',
    });
  });

  it('startJobs creates and schedules every declared queue, in its time zone (UTC without one)', async () => {
    const schedules = await rows(`select name, cron, timezone from pgboss.schedule order by name`);
    expect(schedules).toEqual(
      expect.arrayContaining([
        { name: 'certificate-reminders', cron: '0 6 * * *', timezone: 'Australia/Brisbane' },
        { name: 'test-declared', cron: '0 3 * * 1', timezone: 'UTC' },
      ]),
    );
    const queues = (await rows(`select name from pgboss.queue`)).map((r) => r.name);
    expect(queues).toEqual(expect.arrayContaining(['certificate-reminders', 'test-declared', 'mail-deliver']));
  });

  it("a declared job's handler runs with the job deps", async () => {
    await jobs.enqueue('test-declared', {});
    const deadline = Date.now() + 20_000;
    while (ran.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(ran).toHaveLength(1);
    expect(ran[0]!.config.appUrl).toBe('http://jobs.example.test');
    expect(ran[0]!.db).toBe(scratch.db);
    expect(typeof ran[0]!.outbox.email).toBe('function');
    expect(ran[0]!.clock.now()).toBeInstanceOf(Date);
  }, 30_000);
});
