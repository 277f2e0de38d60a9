/**
 * The mail worker killed (issue 9): N messages queued through the outbox and pg-boss exactly as
 * the app queues them (createOutbox in a tenant transaction, enqueue after commit), a mail worker
 * in a child process (mail-worker.ts: platform/jobs.ts with work: true and the SMTP transport)
 * delivering them to a real SMTP sink (smtp-server + mailparser), killed with SIGKILL `kills`
 * times while it delivers and started again each time. Then: how many distinct messages the sink
 * received, how many twice (by the Message-ID derived from the outbox row id), and the outbox.
 *
 * Used by `npm run bench:mail-kill` (bench/mail-kill.ts, 2,000 messages, 3 kills) and by the
 * CI-sized test (mail-kill.rel.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ensureAppRole, runMigrations, startEmbeddedPostgres } from '../../src/platform/db/bootstrap.js';
import { createDb, withTenant } from '../../src/platform/db/client.js';
import { startJobs } from '../../src/platform/jobs.js';
import { createOutbox, mailboxTransport } from '../../src/platform/mail.js';
import { startSmtpSink, type SmtpSink } from '../smtp-sink.js';
import { loadAverage, ROOT, tempDir } from './processes.js';
import { insertTenant } from './tenants.js';

const WORKER = path.join(ROOT, 'apps/api/test/reliability/mail-worker.ts');

export type MailKillOptions = {
  messages: number;
  kills: number;
  /**
   * When to kill: 'random' (default) = at a random moment 0-300 ms after the sink has received
   * the next share of the messages, i.e. anywhere in a delivery; 'after-accept' = within a few ms
   * of the sink accepting a message, the worst moment (the sender has not committed 'sent' yet).
   */
  killTiming?: 'random' | 'after-accept';
  timeoutMs?: number;
  log?: (m: string) => void;
};

export type MailKillResult = {
  messages: number;
  killTiming: 'random' | 'after-accept';
  kills: { atDelivered: number; atMs: number }[];
  /** Messages the sink accepted, all copies counted. */
  received: number;
  /** Distinct outbox messages the sink received (by Message-ID). */
  distinct: number;
  /** Copies beyond the first, per Message-ID. */
  duplicates: number;
  /** Outbox rows queued but never received by the sink. */
  missing: number;
  /** Cross-check that does not rely on the Message-ID: copies beyond the first per subject ("Message i" is unique). */
  duplicatesBySubject: number;
  /** Received messages whose Message-ID is not `<outbox-{id}@siteflow>` of a queued row. */
  foreign: number;
  outbox: Record<string, number>;
  /** From the first enqueue being done to the last message received. */
  deliveryMs: number;
  /** From the last kill to the last message received (how long the dead worker's messages waited). */
  lastKillToDoneMs: number;
  loadAverage: string;
};

type Sink = SmtpSink & { ids: string[]; subjects: string[] };

/** A real SMTP server that parses every message (mailparser) and keeps its Message-ID. */
export async function startSink(): Promise<Sink> {
  const ids: string[] = [];
  const subjects: string[] = [];
  // Stored before the 250 reply: from here on the message counts as delivered.
  const sink = await startSmtpSink(
    (mail) => {
      ids.push(mail.messageId ?? '');
      subjects.push(mail.subject ?? '');
    },
    { disabledCommands: ['STARTTLS', 'AUTH'] },
  );
  return { ...sink, ids, subjects };
}

type Worker = { child: ChildProcess; exited: Promise<void> };

async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mail worker did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('mail worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the mail worker exited before it was ready:\n${out}`));
    });
  });
  return { child, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runMailKill(opts: MailKillOptions): Promise<MailKillResult> {
  const log = opts.log ?? (() => undefined);
  const timing = opts.killTiming ?? 'random';
  const dir = await tempDir('siteflow-mailkill-');
  const embedded = await startEmbeddedPostgres(dir, (m) => {
    if (m.startsWith('postgres:')) log(m);
  });
  const cleanups: (() => Promise<unknown>)[] = [
    () => embedded.stop(),
    () => fs.rm(dir, { recursive: true, force: true }),
  ];
  let worker: Worker | null = null;
  try {
    const ownerUrl = embedded.url;
    await runMigrations(ownerUrl);
    const appUrl = await ensureAppRole(ownerUrl);
    const owner = createDb(ownerUrl, 2);
    const app = createDb(appUrl, 5);
    cleanups.unshift(
      () => owner.pool.end(),
      () => app.pool.end(),
    );
    const sink = await startSink();
    cleanups.unshift(() => sink.close());

    const tenantId = await insertTenant(owner.db, 'mailkill', 'Mail Kill Pty Ltd', 'admin@mailkill.test');

    // Queue as the app does: the outbox row in the business transaction, the job after commit.
    const producer = await startJobs({
      ownerUrl,
      db: app.db,
      transport: mailboxTransport(app.db),
      mailFrom: 'x@y.test',
      work: false,
    });
    cleanups.unshift(() => producer.stop());
    const outbox = createOutbox(producer.enqueue);
    const queuedAt = Date.now();
    for (let i = 1; i <= opts.messages; i++) {
      const after: (() => Promise<unknown>)[] = [];
      await withTenant(app.db, tenantId, (tx) =>
        outbox.email(tx, (task) => after.push(task), tenantId, {
          to: `person${i}@example.test`,
          subject: `Message ${i}`,
          text: `Message ${i} of ${opts.messages}.`,
        }),
      );
      for (const task of after) await task();
    }
    log(
      `Queued ${opts.messages} messages in ${((Date.now() - queuedAt) / 1000).toFixed(1)} s; starting the mail worker (SMTP sink on port ${sink.port}).`,
    );

    const workerEnv = {
      OWNER_URL: ownerUrl,
      APP_DATABASE_URL: appUrl,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
    };
    const started = Date.now();
    worker = await startWorker(workerEnv);
    const kills: MailKillResult['kills'] = [];
    for (let k = 1; k <= opts.kills; k++) {
      const at = Math.floor((opts.messages * k) / (opts.kills + 1));
      while (sink.ids.length < at) await sleep(2);
      if (timing === 'random') await sleep(crypto.randomInt(300));
      kills.push({ atDelivered: sink.ids.length, atMs: Date.now() - started });
      worker.child.kill('SIGKILL');
      await worker.exited;
      log(
        `  kill ${k}: SIGKILL after ${sink.ids.length} messages received (${((Date.now() - started) / 1000).toFixed(1)} s); starting it again.`,
      );
      worker = await startWorker(workerEnv);
    }
    const lastKill = Date.now();

    const counts = async () => {
      const rows = await owner.db.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from outbox where tenant_id = ${tenantId} group by status`,
      );
      return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]));
    };
    const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
    let reported = Date.now();
    for (;;) {
      const c = await counts();
      if ((c.sent ?? 0) + (c.failed ?? 0) >= opts.messages && new Set(sink.ids).size >= (c.sent ?? 0)) break;
      if (Date.now() > deadline) {
        log(`  gave up waiting: outbox ${JSON.stringify(c)}`);
        break;
      }
      if (Date.now() - reported > 15_000) {
        reported = Date.now();
        log(`  waiting: ${sink.ids.length} received, outbox ${JSON.stringify(c)}`);
      }
      await sleep(200);
    }
    const doneAt = Date.now();
    // Jobs the killed workers held are retried later (they find their row sent): give a late
    // second copy the chance to arrive before counting.
    await sleep(3000);
    const outboxCounts = await counts();
    const ids = await owner.db.execute<{ id: string }>(sql`select id from outbox where tenant_id = ${tenantId}`);
    const expected = new Set(ids.rows.map((r) => `<outbox-${r.id}@siteflow>`));
    const seen = new Map<string, number>();
    for (const id of sink.ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    let duplicates = 0;
    let foreign = 0;
    for (const [id, n] of seen) {
      if (!expected.has(id)) foreign += n;
      else duplicates += n - 1;
    }
    const duplicatesBySubject = sink.subjects.length - new Set(sink.subjects).size;
    const distinct = [...seen.keys()].filter((id) => expected.has(id)).length;
    return {
      messages: opts.messages,
      killTiming: timing,
      kills,
      received: sink.ids.length,
      distinct,
      duplicates,
      duplicatesBySubject,
      missing: expected.size - distinct,
      foreign,
      outbox: outboxCounts,
      deliveryMs: doneAt - started,
      lastKillToDoneMs: doneAt - lastKill,
      loadAverage: loadAverage(),
    };
  } finally {
    if (worker) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    for (const c of cleanups) await c().catch(() => undefined);
  }
}

export function formatMailKill(r: MailKillResult): string {
  return [
    `Mail worker killed: ${r.messages} messages queued, ${r.kills.length} kills (SIGKILL, timing ${r.killTiming}, after ${r.kills.map((k) => k.atDelivered).join(', ')} received)`,
    `  received ${r.received}, distinct ${r.distinct}, duplicates ${r.duplicates} (by subject: ${r.duplicatesBySubject}), missing ${r.missing}, foreign ${r.foreign}`,
    `  outbox ${JSON.stringify(r.outbox)}`,
    `  all delivered ${(r.deliveryMs / 1000).toFixed(1)} s after the first worker started, ${(r.lastKillToDoneMs / 1000).toFixed(1)} s after the last kill; load average ${r.loadAverage}`,
  ].join('\n');
}
