import { PgBoss } from 'pg-boss';
import type { Db } from './db/client.js';
import { createOutbox, deliverOutboxMessage, MAIL_QUEUE, sweepOutbox, type Transport } from './mail.js';
import { pruneThrottle } from './throttle.js';
import { systemClock } from './clock.js';
import { CERTIFICATE_REMINDER_CRON, CERTIFICATE_REMINDER_QUEUE, sendCertificateReminders } from '../features/certificates/reminders.js';

export type Jobs = { enqueue: (queue: string, data: object) => Promise<unknown>; stop: () => Promise<void> };

const SWEEP_QUEUE = 'mail-sweep';
const PRUNE_QUEUE = 'throttle-prune';

/**
 * pg-boss on the same database (owner connection): the mail queue, a sweeper, housekeeping, and
 * the daily certificate expiry reminders (links in them start at appUrl).
 */
export async function startJobs(deps: {
  ownerUrl: string;
  db: Db;
  transport: Transport;
  mailFrom: string;
  work: boolean;
  appUrl?: string;
  log?: (msg: string) => void;
}): Promise<Jobs> {
  // Supervision and monitoring every 15 s (pg-boss: 60 s): they expire jobs whose worker stopped sending heartbeats.
  const boss = new PgBoss({ connectionString: deps.ownerUrl, max: 4, superviseIntervalSeconds: 15, monitorIntervalSeconds: 15 });
  // The queue's polling and maintenance report failures here (e.g. while the database restarts)
  // and carry on by themselves; without a listener they would end the process.
  let lastError = 0;
  boss.on('error', (error: Error) => {
    if (Date.now() - lastError < 10_000) return; // an outage fails every poll: say it now and then
    lastError = Date.now();
    deps.log?.(`job queue: ${error.message}`);
  });
  await boss.start();
  for (const q of [MAIL_QUEUE, SWEEP_QUEUE, PRUNE_QUEUE, CERTIFICATE_REMINDER_QUEUE]) await boss.createQueue(q, { retryLimit: 4, retryDelay: 5, retryBackoff: true });
  // A worker that dies mid-batch (killed, crashed, its machine gone) leaves its jobs active. With a
  // heartbeat (the worker refreshes it every 5 s) the supervisor retries them within about half a
  // minute instead of after pg-boss's 15-minute expiry; until then their messages wait, still
  // pending. updateQueue: createQueue leaves an existing queue's options as they were.
  await boss.updateQueue(MAIL_QUEUE, { heartbeatSeconds: 10 });
  const enqueue = (queue: string, data: object) => boss.send(queue, data);
  if (deps.work) {
    await boss.work<{ tenantId: string; id: string }>(MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) await deliverOutboxMessage(deps, job.data);
    });
    await boss.work(SWEEP_QUEUE, async () => sweepOutbox(deps.db, enqueue));
    await boss.work(PRUNE_QUEUE, async () => pruneThrottle(deps.db, systemClock));
    await boss.schedule(SWEEP_QUEUE, '*/5 * * * *');
    await boss.schedule(PRUNE_QUEUE, '17 * * * *');
    const reminderDeps = { db: deps.db, outbox: createOutbox(enqueue), clock: systemClock, config: { appUrl: deps.appUrl ?? 'http://localhost:3000' } };
    await boss.work(CERTIFICATE_REMINDER_QUEUE, async () => sendCertificateReminders(reminderDeps));
    await boss.schedule(CERTIFICATE_REMINDER_QUEUE, CERTIFICATE_REMINDER_CRON, null, { tz: 'Australia/Brisbane' });
  }
  return { enqueue, stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
