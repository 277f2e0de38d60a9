/**
 * Two API processes behind a reverse proxy (issue 9): Debian's nginx round-robin over two
 * `main.ts` processes on one PostgreSQL and one shared DATA_DIR (the file store). A session started
 * on one continues on the other, each queued job runs once, uploads are visible from both.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAppRole, startEmbeddedPostgres, type Embedded } from '../../src/platform/db/bootstrap.js';
import { createDb, withTenant } from '../../src/platform/db/client.js';
import { startJobs, type Jobs } from '../../src/platform/jobs.js';
import { createOutbox, mailboxTransport, outboxMessageId } from '../../src/platform/mail.js';
import { startSink } from './mail-kill.js';
import { startNginx, type Nginx } from './nginx.js';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  freePort,
  httpCall,
  signInHttp,
  spawnApi,
  tempDir,
  type ApiProcess,
} from './processes.js';
import { staffWithPicture } from './staff-form.js';
import { insertTenant } from './tenants.js';

let dir: string;
let pg: Embedded;
let sink: Awaited<ReturnType<typeof startSink>>;
let a: ApiProcess;
let b: ApiProcess;
let nginx: Nginx;
let proxyHost: string;
let ownerUrl: string;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  dir = await tempDir('siteflow-two-');
  await fs.mkdir(path.join(dir, 'db'), { mode: 0o711 });
  pg = await startEmbeddedPostgres(path.join(dir, 'db'), () => undefined);
  ownerUrl = pg.url;
  sink = await startSink();
  const proxyPort = await freePort();
  proxyHost = `demo.localhost:${proxyPort}`;
  const common = {
    DATABASE_URL: ownerUrl,
    DATA_DIR: path.join(dir, 'shared'), // one file store for both: a shared disk
    TRUST_PROXY: 'true',
    APP_URL: `http://localhost:${proxyPort}`,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
  };
  // Started together: migrations, the request role and the gazetteer must cope with a second process.
  [a, b] = await Promise.all([spawnApi({ ...common, SEED_DEMO: 'true' }), spawnApi({ ...common, SEED_DEMO: 'false' })]);
  nginx = await startNginx(path.join(dir, 'nginx'), proxyPort, [a.port, b.port]);
}, 180_000);

afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => undefined);
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.close();
  await pg?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

const viaProxy = (method: string, url: string, opts: Parameters<typeof httpCall>[4] = {}) =>
  httpCall(nginx.port, proxyHost, method, url, opts);
/** Straight to one process, with the Host the proxy passes on. */
const direct = (api: ApiProcess, method: string, url: string, opts: Parameters<typeof httpCall>[4] = {}) =>
  httpCall(api.port, proxyHost, method, url, opts);

describe('two API processes behind nginx', () => {
  it('a session started through the proxy continues on either process, and signing out on one ends it on both', async () => {
    const cookie = await signInHttp(nginx.port, proxyHost, DEMO_USERS.staff, DEMO_PASSWORD);
    for (const api of [a, b]) {
      const res = await direct(api, 'GET', '/api/session', { cookie });
      expect(res.status).toBe(200);
      expect(res.json.user.email).toBe(DEMO_USERS.staff);
    }
    // Round-robin through the proxy: both processes answer, every answer knows the user.
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await viaProxy('GET', '/api/session', { cookie });
      expect(res.status).toBe(200);
      expect(res.json.user.email).toBe(DEMO_USERS.staff);
      upstreams.add(String(res.headers['x-upstream']));
    }
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`].sort());
    // A write on one, read on the other.
    const project = (await direct(a, 'GET', '/api/projects?pageSize=1', { cookie })).json.items[0].id as number;
    const link = await direct(a, 'POST', `/api/projects/${project}/links`, {
      cookie,
      body: { title: 'Shared link', url: 'https://example.com/shared', summary: '' },
    });
    expect(link.status).toBe(201);
    const seen = await direct(b, 'GET', `/api/projects/${project}/links`, { cookie });
    expect(JSON.stringify(seen.json)).toContain('Shared link');

    const out = await direct(b, 'POST', '/api/auth/logout', { cookie });
    expect(out.status).toBeLessThan(300);
    const after = await direct(a, 'GET', '/api/session', { cookie });
    expect(after.json?.user ?? null).toBeNull();
  });

  it('each queued message is delivered exactly once although both processes run mail workers', async () => {
    const appUrl = await ensureAppRole(ownerUrl);
    const app = createDb(appUrl, 3);
    closers.push(() => app.pool.end());
    const producer: Jobs = await startJobs({
      ownerUrl,
      db: app.db,
      transport: mailboxTransport(app.db),
      mailFrom: 'x@y.test',
      work: false,
    });
    closers.push(() => producer.stop());
    const owner = createDb(ownerUrl, 2);
    closers.push(() => owner.pool.end());
    const tenantId = await insertTenant(owner.db, 'two', 'Two Pty Ltd', 'admin@two.test');
    const outbox = createOutbox(producer.enqueue);
    const N = 120;
    for (let i = 1; i <= N; i++) {
      const after: (() => Promise<unknown>)[] = [];
      await withTenant(app.db, tenantId, (tx) =>
        outbox.email(tx, (task) => after.push(task), tenantId, {
          to: `p${i}@example.test`,
          subject: `Two ${i}`,
          text: `Message ${i}`,
        }),
      );
      for (const task of after) await task();
    }
    // And through the proxy: password resets, each queued by whichever process took the request.
    for (const email of [DEMO_USERS.client, DEMO_USERS.provider]) {
      const res = await viaProxy('POST', '/api/auth/forgot-password', { body: { email } });
      expect(res.status).toBe(200);
    }

    const deadline = Date.now() + 120_000;
    let pending = -1;
    while (Date.now() < deadline) {
      const r = await owner.db.execute<{ n: number }>(
        sql`select count(*)::int as n from outbox where status <> 'sent'`,
      );
      pending = Number(r.rows[0]!.n);
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(pending).toBe(0);
    await new Promise((r) => setTimeout(r, 1500)); // a late second copy would arrive now
    const rows = await owner.db.execute<{ id: string }>(sql`select id from outbox`);
    const copies = new Map(rows.rows.map((r) => [outboxMessageId(r.id), 0]));
    for (const id of sink.ids) if (copies.has(id)) copies.set(id, copies.get(id)! + 1);
    expect(rows.rows.length).toBeGreaterThanOrEqual(N + 2);
    const notOnce = [...copies].filter(([, n]) => n !== 1);
    expect(notOnce).toEqual([]);
  });

  it('a picture uploaded through one process is served by the other', async () => {
    const cookie = await signInHttp(a.port, proxyHost, DEMO_USERS.staff, DEMO_PASSWORD);
    const person = { first_name: 'Shared', last_name: 'Disk', email: `shared.disk.${Date.now()}@demo.test` };
    const created = await direct(a, 'POST', '/api/staff', { cookie, ...(await staffWithPicture(person, 8)) });
    expect(created.status).toBe(201);
    const picturePath = created.json.staff.profile_picture_path as string;
    expect(picturePath).toBeTruthy();
    const fromA = await direct(a, 'GET', picturePath, { cookie, headers: { accept: 'image/*' } });
    const fromB = await direct(b, 'GET', picturePath, { cookie, headers: { accept: 'image/*' } });
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/png');
    expect(fromB.raw.equals(fromA.raw)).toBe(true);
    expect(fromA.raw.length).toBeGreaterThan(0);
  });
});
