/**
 * Integration-test harness: a real app (buildApp) against the shared PostgreSQL started by
 * global-setup.ts, connected as the request role, with real disk files and real mail delivery
 * through the outbox. Factories write their setup rows through the owner connection.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { Role } from '@siteflow/core';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Clock } from '../src/platform/clock.js';
import { CSRF_HEADER, SESSION_COOKIE, type Deps } from '../src/platform/context.js';
import { createDb, withTenant, type Db } from '../src/platform/db/client.js';
import { mailbox, PLATFORM_TENANT_ID, tenants, users } from '../src/platform/db/schema.js';
import { featureJobs } from '../src/features/jobs.js';
import { diskFileStore } from '../src/platform/files.js';
import { createOutbox, deliverOutboxMessage, mailboxTransport, type Transport } from '../src/platform/mail.js';
import { hashPassword } from '../src/platform/passwords.js';

export const PLATFORM_HOST = 'localhost';
export const tenantHost = (slug: string) => `${slug}.localhost`;
/** What the app puts in links: APP_URL defaults to http://<BASE_HOST>:<PORT>. */
export const APP_PORT = 3000;
export const TEST_PASSWORD = 'correct-horse-battery';

// ---------------------------------------------------------------------------
// Connections shared by every test in one file (one worker process).

let owner: { db: Db; pool: pg.Pool } | undefined;

/** The owner connection (superuser on the embedded server): for setup and for looking behind the API. */
export function ownerDb(): Db {
  owner ??= createDb(inject('ownerUrl'), 4);
  return owner.db;
}

export function ownerPool(): pg.Pool {
  ownerDb();
  return owner!.pool;
}

afterAll(async () => {
  const o = owner;
  owner = undefined;
  await o?.pool.end();
});

/**
 * Run as the owner inside one tenant (app.tenant_id set, as a request would). On the embedded
 * server the owner is a superuser and bypasses RLS, so reads here must still filter explicitly.
 */
export const asOwner = <T>(tenantId: string, fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(ownerDb(), tenantId, fn);

// ---------------------------------------------------------------------------
// Clock

export type TestClock = Clock & { advance(ms: number): void; reset(): void };

/** Real time plus an offset that a test can move forward. */
export function shiftableClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

// ---------------------------------------------------------------------------
// The app

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  jobs: TestJobs;
  clock: TestClock;
  config: Config;
  /** The remote address requests come from unless one is given: unique per app so throttles do not collide. */
  ip: string;
  filesDir: string;
  close: () => Promise<void>;
};

export type TestAppOverrides = {
  /** Where delivered mail goes; the built-in mailbox by default. */
  transport?: Transport;
  env?: Record<string, string>;
  /** Where the app's log goes (info level); no logging by default. */
  logStream?: NodeJS.WritableStream;
  /** Connections in the app's pool (5 by default). */
  poolSize?: number;
  /**
   * Keep queued feature jobs (e.g. the due dates) in `jobs.queued` until `jobs.runQueued()`
   * instead of running them as soon as the request's transaction commits (the default).
   */
  holdJobs?: boolean;
};

/** The feature jobs a test app queued and did not run yet (holdJobs), and how to run them. */
export type TestJobs = { queued: { queue: string; data: object }[]; runQueued: () => Promise<void> };

export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siteflow-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_HOST: 'localhost',
    PORT: String(APP_PORT),
    DATA_DIR: filesDir,
    SEED_DEMO: 'false',
    ...overrides.env,
  });
  const { db, pool } = createDb(inject('appUrl'), overrides.poolSize ?? 5);
  const transport = overrides.transport ?? mailboxTransport(db);
  const clock = shiftableClock();
  // The outbox delivers as soon as the business transaction commits (what the queue worker would do).
  const outbox = createOutbox(async (_queue, data) =>
    deliverOutboxMessage({ db, transport, mailFrom: config.mailFrom }, data as { tenantId: string; id: string }),
  );
  // Feature jobs run as soon as they are queued (after commit), as a worker would, unless held.
  const held: TestJobs['queued'] = [];
  const runJob = async (queue: string, data: object) => {
    const job = featureJobs.find((j) => j.queue === queue);
    if (!job) throw new Error(`no job declares the queue ${queue}`);
    await job.handler({ db, outbox, clock, config: { appUrl: config.appUrl } }, data);
  };
  const jobs: TestJobs = {
    queued: held,
    runQueued: async () => {
      for (const { queue, data } of held.splice(0)) await runJob(queue, data);
    },
  };
  const deps: Deps = {
    config,
    db,
    clock,
    outbox,
    files: diskFileStore(path.join(filesDir, 'files')),
    jobs: {
      enqueue: async (queue, data) => (overrides.holdJobs ? held.push({ queue, data }) : runJob(queue, data)),
    },
  };
  const app = await buildApp(deps, {
    logger: false,
    serveWeb: false,
    ...(overrides.logStream ? { logStream: overrides.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    deps,
    jobs,
    clock,
    config,
    ip: randomIp(),
    filesDir,
    close: async () => {
      await app.close();
      await pool.end();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------
// Requests

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  /** Full Host header: tenantHost(slug) or PLATFORM_HOST (the default). */
  host?: string;
  /** A session cookie ("sf_session=...") or a bare token. */
  cookie?: string;
  /** JSON-serialised unless it is FormData (sent as multipart) or a string/Buffer (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the CSRF header on unsafe methods (default true). */
  csrf?: boolean;
  remoteAddress?: string;
};

export type TestResponse = {
  status: number;
  headers: InjectResponse['headers'];
  /** Parsed JSON body (undefined when the body is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  raw: Buffer;
  cookies: InjectResponse['cookies'];
  /** The sf_session cookie this response set, if any. */
  sessionCookie: InjectResponse['cookies'][number] | undefined;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A form encoded as multipart exactly as a browser's fetch would (the platform does it). */
export async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://encode.invalid/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function encodeBody(body: unknown): Promise<{ payload?: string | Buffer; contentType?: string }> {
  if (body === undefined) return {};
  if (body instanceof FormData) return multipart(body);
  if (typeof body === 'string' || Buffer.isBuffer(body)) return { payload: body };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

export async function request(t: TestApp, opts: RequestOptions): Promise<TestResponse> {
  const method = opts.method ?? 'GET';
  const { payload, contentType } = await encodeBody(opts.body);
  const headers: Record<string, string> = { host: opts.host ?? PLATFORM_HOST };
  if (contentType) headers['content-type'] = contentType;
  if (UNSAFE.has(method) && opts.csrf !== false) headers[CSRF_HEADER] = '1';
  if (opts.cookie) headers.cookie = opts.cookie.includes('=') ? opts.cookie : `${SESSION_COOKIE}=${opts.cookie}`;
  Object.assign(headers, opts.headers);
  const res = await t.app.inject({
    method,
    url: opts.url,
    headers,
    payload,
    remoteAddress: opts.remoteAddress ?? t.ip,
  });
  let json: unknown;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: res.statusCode,
    headers: res.headers,
    json,
    text: res.body,
    raw: res.rawPayload,
    cookies: res.cookies,
    sessionCookie: res.cookies.find((c) => c.name === SESSION_COOKIE),
  };
}

/** Sign in through the API and return the session cookie ("sf_session=..."). */
export async function signIn(
  t: TestApp,
  host: string,
  email: string,
  password = TEST_PASSWORD,
  extra: { remember?: boolean; cookie?: string } = {},
): Promise<string> {
  const res = await request(t, {
    method: 'POST',
    url: '/api/auth/login',
    host,
    cookie: extra.cookie,
    body: { email, password, remember: extra.remember ?? false },
  });
  if (res.status !== 200 || !res.sessionCookie?.value)
    throw new Error(`sign-in as ${email} on ${host} failed: ${res.status} ${res.text}`);
  return `${SESSION_COOKIE}=${res.sessionCookie.value}`;
}

// ---------------------------------------------------------------------------
// Factories

export const uniq = () => crypto.randomBytes(5).toString('hex');
export const uniqueEmail = (prefix = 'user') => `${prefix}-${uniq()}@example.test`;

let testHash: Promise<string> | undefined;
const passwordHashFor = (password: string) =>
  password === TEST_PASSWORD ? (testHash ??= hashPassword(TEST_PASSWORD)) : hashPassword(password);

export type TestUser = {
  id: string;
  email: string;
  password: string;
  role: Role;
  tenantId: string;
  firstName: string;
  lastName: string;
};
export type TestTenant = { id: string; slug: string; host: string; name: string; admin: TestUser };

export type UserOptions = Partial<{
  email: string;
  password: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  active: boolean;
  isProjectManager: boolean;
  pictureKey: string | null;
}>;

export async function createUser(tenant: { id: string }, role: Role, opts: UserOptions = {}): Promise<TestUser> {
  const password = opts.password === null ? '' : (opts.password ?? TEST_PASSWORD);
  const email = (opts.email ?? uniqueEmail(role.replace('_', '-'))).toLowerCase();
  const firstName = opts.firstName ?? 'Test';
  const lastName = opts.lastName ?? `User ${uniq()}`;
  const passwordHash = opts.password === null ? null : await passwordHashFor(password);
  const [row] = await asOwner(tenant.id, (tx) =>
    tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        email,
        firstName,
        lastName,
        role,
        phone: opts.phone ?? '0400 000 000',
        address: '1 Test Street',
        suburb: 'Testville',
        state: 'QLD',
        postcode: '4000',
        active: opts.active ?? true,
        isProjectManager: opts.isProjectManager ?? false,
        pictureKey: opts.pictureKey ?? null,
        passwordHash,
      })
      .returning({ id: users.id }),
  );
  return { id: row!.id, email, password, role, tenantId: tenant.id, firstName, lastName };
}

export type TenantOptions = Partial<{
  slug: string;
  name: string;
  staffPmFlag: boolean;
  staffSystemEmails: boolean;
  suburb: string;
}>;

/** A customer company with its company_admin (password TEST_PASSWORD). */
export async function createTenant(opts: TenantOptions = {}): Promise<TestTenant> {
  const slug = opts.slug ?? `t-${uniq()}`;
  const name = opts.name ?? `Company ${slug}`;
  const id = crypto.randomUUID();
  const adminEmail = uniqueEmail('admin');
  await asOwner(id, (tx) =>
    tx.insert(tenants).values({
      id,
      kind: 'customer',
      slug,
      customerName: name,
      email: adminEmail,
      firstName: 'Ada',
      lastName: 'Admin',
      phone: '07 3000 0000',
      position: 'Director',
      address: '1 Test Street',
      suburb: opts.suburb ?? 'Testville',
      state: 'QLD',
      postcode: '4000',
      staffPmFlag: opts.staffPmFlag ?? false,
      staffSystemEmails: opts.staffSystemEmails ?? false,
    }),
  );
  const admin = await createUser({ id }, 'company_admin', { email: adminEmail, firstName: 'Ada', lastName: 'Admin' });
  return { id, slug, host: tenantHost(slug), name, admin };
}

/** A platform admin (a user of the platform tenant). */
export const createPlatformAdmin = (opts: UserOptions = {}) =>
  createUser({ id: PLATFORM_TENANT_ID }, 'platform_admin', { email: uniqueEmail('platform'), ...opts });

// ---------------------------------------------------------------------------
// Mail

export type MailboxRow = typeof mailbox.$inferSelect;

/** Every message the built-in mailbox holds for this address, newest first. */
export const mailsTo = (to: string) =>
  ownerDb().select().from(mailbox).where(eq(mailbox.to, to.toLowerCase())).orderBy(desc(mailbox.createdAt));

/** Poll the built-in mailbox until a message to `to` (optionally with this subject) arrives. */
export async function waitForMail(
  to: string,
  opts: { subject?: string; timeoutMs?: number } = {},
): Promise<MailboxRow> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const [row] = await ownerDb()
      .select()
      .from(mailbox)
      .where(and(eq(mailbox.to, to.toLowerCase()), opts.subject ? eq(mailbox.subject, opts.subject) : undefined))
      .orderBy(desc(mailbox.createdAt))
      .limit(1);
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const mailboxCountLike = async (pattern: string) =>
  (await ownerDb().select({ id: mailbox.id }).from(mailbox).where(like(mailbox.to, pattern))).length;

/** The set-password link in a reset or invite mail, and its parts. */
export function passwordLinkIn(text: string) {
  const m = /(https?:\/\/[^\s/]+)\/reset-password\/([^\s?]+)\?\S*/.exec(text);
  if (!m) throw new Error(`no password link in: ${text}`);
  // The query as a browser reads it: the e-mail, and an invitation's invite=1.
  const query = new URL(m[0]).searchParams;
  return {
    url: m[0],
    origin: m[1]!,
    token: m[2]!,
    email: query.get('email') ?? '',
    invite: query.get('invite') === '1',
  };
}

// ---------------------------------------------------------------------------
// Images

/**
 * A PNG file: the signature, an IHDR declaring `width` x `height` 8-bit RGB pixels, one IDAT
 * holding `raw` deflated, and IEND. Whether `raw` really has that many pixels is up to the caller.
 */
export function pngFile(width: number, height: number, raw: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid RGB PNG of the given size (solid colour), built byte by byte. */
export function pngBytes(width = 1, height = 1, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return pngFile(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/** A valid 2x2 baseline JPEG, encoded by Chromium's canvas.toDataURL('image/jpeg'). */
export const JPEG_2X2 = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAA',
    'AAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAA',
    'ACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0',
    'AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA',
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM',
    'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERX',
    'RTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj',
    'Y2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/',
    'xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAFGAf/9k=',
  ].join(''),
  'base64',
);

export type FileSpec = { data: Buffer; filename: string; type?: string; field?: string };

/** A multipart form with text fields and optionally one or more files. */
export function formData(fields: Record<string, string | boolean | undefined>, ...files: FileSpec[]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined) fd.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : v);
  for (const f of files)
    fd.append(
      f.field ?? 'file',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.filename,
    );
  return fd;
}

/** True when a body shows internals: a stack trace, SQL, or driver/framework error names. */
export function leaksInternals(text: string): boolean {
  return /\bstack\b|\bat [\w.<>]+ \(|node_modules|Failed query|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate "|\bdelete from\b|violates|constraint|relation "|syntax error|Drizzle|postgres|pg_|ZodError|FST_/i.test(
    text,
  );
}
