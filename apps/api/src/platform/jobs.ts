import { PgBoss } from 'pg-boss';
import type { Db } from './db/client.js';
import { createOutbox, deliverOutboxMessage, MAIL_QUEUE, sweepOutbox, type Transport } from './mail.js';
import type { CountryCode } from './phone.js';
import { pruneThrottle } from './throttle.js';
import { systemClock, type Clock } from './clock.js';
import type { Outbox } from './mail.js';

/** Puts a job on a queue (requests reach it as `deps.jobs`; queue it in onCommit, after the data it reads is committed). */
export type JobQueue = { enqueue: (queue: string, data: object) => Promise<unknown> };
export type Jobs = JobQueue & { stop: () => Promise<void> };

/** What a job's handler gets: the owner-role database (no tenant set: use inTenant), the outbox, a clock, the app's address. */
export type JobDeps = { db: Db; outbox: Outbox; clock: Clock; config: { appUrl: string } };

/**
 * A job a feature declares (its `jobs.ts`; the list is `features/jobs.ts`): a pg-boss queue, an
 * optional cron schedule (in `tz`; pg-boss reads it in UTC without one) and the handler each run
 * calls. The runtime passes the list to startJobs, so platform never imports a feature.
 */
export type JobDefinition = {
  queue: string;
  schedule?: string;
  tz?: string;
  /** One run; `data` is what was queued with it (undefined for a scheduled run). */
  handler: (deps: JobDeps, data?: unknown) => Promise<unknown>;
};

const SWEEP_QUEUE = 'mail-sweep';
const PRUNE_QUEUE = 'throttle-prune';

/**
 * pg-boss on the same database (owner connection): the mail queue, a sweeper, housekeeping, and
 * the features' jobs (`jobs`, e.g. the daily certificate expiry reminders; links in their
 * messages start at appUrl).
 */
export async function startJobs(deps: {
  ownerUrl: string;
  db: Db;
  transport: Transport;
  mailFrom: string;
  /** SMS_FROM and SMS_COUNTRY (defaults: 'Siteflow', AU). */
  smsFrom?: string | undefined;
  smsCountry?: CountryCode;
  work: boolean;
  appUrl?: string;
  jobs?: readonly JobDefinition[];
  log?: (msg: string) => void;
}): Promise<Jobs> {
  // Supervision and monitoring every 15 s (pg-boss: 60 s): they expire jobs whose worker stopped sending heartbeats.
  const boss = new PgBoss({
    connectionString: deps.ownerUrl,
    max: 4,
    superviseIntervalSeconds: 15,
    monitorIntervalSeconds: 15,
  });
  // The queue's polling and maintenance report failures here (e.g. while the database restarts)
  // and carry on by themselves; without a listener they would end the process.
  let lastError = 0;
  boss.on('error', (error: Error) => {
    if (Date.now() - lastError < 10_000) return; // an outage fails every poll: say it now and then
    lastError = Date.now();
    deps.log?.(`job queue: ${error.message}`);
  });
  await boss.start();
  const featureJobs = deps.jobs ?? [];
  for (const q of [MAIL_QUEUE, SWEEP_QUEUE, PRUNE_QUEUE, ...featureJobs.map((j) => j.queue)])
    await boss.createQueue(q, { retryLimit: 4, retryDelay: 5, retryBackoff: true });
  // A worker that dies mid-batch (killed, crashed, its machine gone) leaves its jobs active. With a
  // heartbeat (the worker refreshes it every 5 s) the supervisor retries them within about half a
  // minute instead of after pg-boss's 15-minute expiry; until then their messages wait, still
  // pending. updateQueue: createQueue leaves an existing queue's options as they were.
  await boss.updateQueue(MAIL_QUEUE, { heartbeatSeconds: 10 });
  const enqueue = (queue: string, data: object) => boss.send(queue, data);
  if (deps.work) {
    await boss.work<{ tenantId: string; id: string }>(
      MAIL_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 5 },
      async (jobs) => {
        for (const job of jobs) await deliverOutboxMessage(deps, job.data);
      },
    );
    await boss.work(SWEEP_QUEUE, async () => sweepOutbox(deps.db, enqueue));
    await boss.work(PRUNE_QUEUE, async () => pruneThrottle(deps.db, systemClock));
    await boss.schedule(SWEEP_QUEUE, '*/5 * * * *');
    await boss.schedule(PRUNE_QUEUE, '17 * * * *');
    const jobDeps: JobDeps = {
      db: deps.db,
      outbox: createOutbox(enqueue, { smsCountry: deps.smsCountry }),
      clock: systemClock,
      config: { appUrl: deps.appUrl ?? 'http://localhost:3000' },
    };
    for (const job of featureJobs) {
      await boss.work(job.queue, async (batch) => {
        for (const run of batch) await job.handler(jobDeps, run.data ?? undefined);
      });
      if (job.schedule) await boss.schedule(job.queue, job.schedule, null, job.tz ? { tz: job.tz } : {});
    }
  }
  return { enqueue, stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
