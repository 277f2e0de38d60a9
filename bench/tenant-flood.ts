/**
 * `npm run bench:tenant-flood [-- --seconds 8 --flood 150 --probe-ms 100]`: can one company, or one
 * anonymous address, stall another company? Runs the real server (`npm start`'s main.ts, embedded
 * PostgreSQL in a temp dir, demo seed, request pool of 20, TRUST_PROXY so each side has its own
 * address) three times on the same data: without the share (DB_COMPANY_SHARE=0: one queue for
 * the pool, first come first served, as before db/tenant-share.ts), with a share of the whole pool
 * (20: each company and address waits in its own queue) and with the default share (15). Company B (a second company with
 * its admin, written into the database) reads its projects list every `--probe-ms` while:
 *
 * 1. nothing else runs (its baseline);
 * 2. company A (the demo company's admin) sends `--flood` quick searches at once, over and over,
 *    each a different word, so none is answered from the read cache: the database's work;
 * 3. company A saves one of its projects `--flood` times at once, over and over: the saves queue
 *    on the project's row lock, each holding a connection while it waits (a script gone wrong, or
 *    a whole office pressing Save on the same project);
 * 4. one anonymous address sends `--flood` requests at once, over and over, each with a made-up
 *    session cookie, so each needs the request context's lookup.
 *
 * Prints B's answers (p50, p99, max, how many were not 200) per phase, the flood's own answers, and
 * the most connections of the request role busy (not idle) and waiting for a lock at once.
 * Target: B answered, every time, within 1 s (the sign-in burst's bound for "another tenant").
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { rm } from 'node:fs/promises';
import { createDb, withTenant } from '../apps/api/src/platform/db/client.js';
import { tenants, users } from '../apps/api/src/platform/db/schema.js';
import { hashPassword } from '../apps/api/src/platform/passwords.js';
import {
  DEMO_HOST,
  DEMO_PASSWORD,
  DEMO_USERS,
  httpCall,
  loadAverage,
  percentile,
  spawnApi,
  tempDir,
  timed,
  type Shot,
  type ApiProcess,
} from '../apps/api/test/reliability/processes.js';
import { numberArg } from './cli.js';
import { sameDetails } from './project-details.js';

const seconds = numberArg('seconds', 8, 'positive number');
const flood = numberArg('flood', 150, 'positive whole number');
const probeMs = numberArg('probe-ms', 100, 'positive whole number');
const SHARES = [0, 20, 15];
const B_ADDRESS = '198.51.100.20';
const A_ADDRESS = '203.0.113.10';
const ANON_ADDRESS = '192.0.2.66';
const B_PASSWORD = 'flood-bench-company-b';

/** The embedded cluster's owner URL, from what the server wrote into its data directory. */
async function ownerUrl(dataDir: string): Promise<string> {
  const secret = (await fs.readFile(path.join(dataDir, 'postgres.secret'), 'utf8')).trim();
  const pid = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  return `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${pid[3]!.trim()}/siteflow`;
}

/** Company B and its admin, written as the owner (once per data directory). */
async function ensureCompanyB(url: string): Promise<{ host: string; email: string }> {
  const { db, pool } = createDb(url, 1);
  try {
    const slug = 'flood-b';
    const email = 'admin@flood-b.test';
    const [found] = await db
      .execute<{ id: string }>(`select id from tenants where slug = '${slug}'`)
      .then((r) => r.rows);
    if (!found) {
      const id = crypto.randomUUID();
      await withTenant(db, id, async (tx) => {
        await tx
          .insert(tenants)
          .values({ id, slug, customerName: 'Flood Bench B', email, firstName: 'Bea', lastName: 'Admin' });
        await tx.insert(users).values({
          tenantId: id,
          email,
          firstName: 'Bea',
          lastName: 'Admin',
          role: 'company_admin',
          passwordHash: await hashPassword(B_PASSWORD),
        });
      });
    }
    return { host: `${slug}.localhost`, email };
  } finally {
    await pool.end();
  }
}

async function signIn(api: ApiProcess, host: string, email: string, password: string, address: string) {
  const res = await httpCall(api.port, host, 'POST', '/api/auth/login', {
    body: { email, password, remember: false },
    headers: { 'x-forwarded-for': address },
  });
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status} ${res.text}`);
  return cookie.split(';')[0]!;
}

const word = () => crypto.randomBytes(4).toString('hex').replace(/\d/g, 'k');

type Phase = { name: string; b: Shot[]; flood: Record<string, number>; connections: { busy: number; locked: number } };

/** The request role's busy connections (not idle), and those waiting for a lock, at most, sampled every 100 ms. */
function watchConnections(owner: pg.Pool) {
  const most = { busy: 0, locked: 0 };
  let on = true;
  const done = (async () => {
    while (on) {
      const { rows } = await owner.query<{ busy: number; locked: number }>(
        `select count(*) filter (where state <> 'idle')::int as busy,
                count(*) filter (where wait_event_type = 'Lock')::int as locked
           from pg_stat_activity where usename = 'siteflow_app'`,
      );
      most.busy = Math.max(most.busy, rows[0]!.busy);
      most.locked = Math.max(most.locked, rows[0]!.locked);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    on = false;
    await done;
    return most;
  };
}

async function phase(
  owner: pg.Pool,
  name: string,
  probe: () => Promise<{ status: number }>,
  attack?: () => Promise<{ status: number }>,
): Promise<Phase> {
  const watching = watchConnections(owner);
  const until = Date.now() + seconds * 1000;
  const statuses: Record<string, number> = {};
  const loops = attack
    ? Array.from({ length: flood }, async () => {
        while (Date.now() < until) {
          const s = await timed(attack);
          statuses[s.status] = (statuses[s.status] ?? 0) + 1;
        }
      })
    : [];
  // Let the flood build up before B asks.
  if (attack) await new Promise((r) => setTimeout(r, 500));
  const b: Shot[] = [];
  while (Date.now() < until) {
    b.push(await timed(probe));
    await new Promise((r) => setTimeout(r, probeMs));
  }
  await Promise.all(loops);
  return { name, b, flood: statuses, connections: await watching() };
}

function row(share: number, p: Phase): { line: string; ok: boolean } {
  const ms = p.b.map((s) => s.ms).sort((a, b) => a - b);
  const bad = p.b.filter((s) => s.status !== 200).length;
  const max = ms.at(-1) ?? NaN;
  const ok = bad === 0 && max < 1000;
  const floodText = Object.keys(p.flood).length ? JSON.stringify(p.flood) : '-';
  return {
    ok,
    line: `${String(share).padStart(5)}  ${p.name.padEnd(34)} ${String(p.b.length).padStart(4)} ${percentile(ms, 50).toFixed(0).padStart(6)} ${percentile(ms, 99).toFixed(0).padStart(6)} ${max.toFixed(0).padStart(6)} ${String(bad).padStart(6)}  ${floodText.padEnd(28)} ${String(p.connections.busy).padStart(4)} ${String(p.connections.locked).padStart(6)}  ${ok ? 'PASS' : 'FAIL'}`,
  };
}

const dataDir = await tempDir('siteflow-flood-');
const lines: string[] = [];
let failedDefault = false;
try {
  for (const share of SHARES) {
    console.log(`Starting the API with DB_COMPANY_SHARE=${share}... load average ${loadAverage()}`);
    const api = await spawnApi({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      DB_COMPANY_SHARE: String(share),
    });
    try {
      const url = await ownerUrl(dataDir);
      const b = await ensureCompanyB(url);
      const owner = new pg.Pool({ connectionString: url, max: 1 });
      const cookieB = await signIn(api, b.host, b.email, B_PASSWORD, B_ADDRESS);
      const cookieA = await signIn(api, DEMO_HOST, DEMO_USERS.staff, DEMO_PASSWORD, A_ADDRESS);
      const asA = { cookie: cookieA, headers: { 'x-forwarded-for': A_ADDRESS } };
      const first = (await httpCall(api.port, DEMO_HOST, 'GET', '/api/projects?page=1&pageSize=1', asA)).json as {
        items: { id: number }[];
      };
      const id = first.items[0]!.id;
      const project = (await httpCall(api.port, DEMO_HOST, 'GET', `/api/projects/${id}`, asA)).json as Record<
        string,
        unknown
      >;
      const saved = { id, body: sameDetails(project) };
      const probe = () =>
        httpCall(api.port, b.host, 'GET', `/api/projects?page=1&pageSize=20&search=${word()}`, {
          cookie: cookieB,
          headers: { 'x-forwarded-for': B_ADDRESS },
          timeoutMs: 30_000,
        });
      const phases = [
        await phase(owner, 'B alone', probe),
        await phase(owner, `A: ${flood} quick searches at once`, probe, () =>
          httpCall(api.port, DEMO_HOST, 'GET', `/api/search/projects?q=${word()}`, {
            cookie: cookieA,
            headers: { 'x-forwarded-for': A_ADDRESS },
            timeoutMs: 30_000,
          }),
        ),
        await phase(owner, `A: ${flood} saves of one project`, probe, () =>
          httpCall(api.port, DEMO_HOST, 'PUT', `/api/projects/${saved.id}/details`, {
            cookie: cookieA,
            body: saved.body,
            headers: { 'x-forwarded-for': A_ADDRESS },
            timeoutMs: 30_000,
          }),
        ),
        await phase(owner, `one address: ${flood} at once`, probe, () =>
          httpCall(api.port, DEMO_HOST, 'GET', '/api/session', {
            cookie: `sf_session=${crypto.randomBytes(32).toString('base64url')}`,
            headers: { 'x-forwarded-for': ANON_ADDRESS },
            timeoutMs: 30_000,
          }),
        ),
      ];
      for (const p of phases) {
        const r = row(share, p);
        lines.push(r.line);
        if (share === 15 && !r.ok) failedDefault = true;
      }
      await owner.end();
    } finally {
      await api.stop();
    }
  }
  console.log(
    `\nCompany B's projects list every ${probeMs} ms for ${seconds} s per phase (ms; target: every answer 200 within 1 s); load average ${loadAverage()}`,
  );
  console.log(
    `share  phase                                 n    p50    p99    max  not200  flood's answers              busy locked`,
  );
  for (const l of lines) console.log(l);
  console.log(
    `\nshare 0: no share, every request in the pool's one queue (as before tenant-share.ts); 20: each company and address queues apart, and may hold the whole pool; 15: the default (DB_COMPANY_SHARE).`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failedDefault ? 1 : 0);
