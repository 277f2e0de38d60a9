/**
 * Real processes for the reliability battery (soak, two API processes behind nginx, the mail
 * worker killed, backup and restore): free ports, the API as a child process (`main.ts`, exactly
 * what `npm start` runs), its memory, and a small HTTP client with a session cookie.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/platform/db/bootstrap.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const API_MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const MEMORY_PROBE = path.join(ROOT, 'apps/api/test/reliability/memory-probe.ts');

export { freePort };

/** A temp directory the embedded PostgreSQL can reach when it runs as 'postgres' (as root). */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o711);
  return dir;
}

export type Memory = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** How long the process's forced full GC before this sample blocked it, ms. */
  gcMs: number;
};

export type ApiProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /**
   * VmRSS from /proc and the V8 heap after a full GC, asked of the process through its IPC channel.
   * The GC stops the process for tens of milliseconds (hundreds on a loaded machine): under load,
   * ask with `{ gc: false }`.
   */
  memory: (opts?: { gc?: boolean }) => Promise<Memory>;
  /** CPU seconds (user + system) the API's Node process has used so far, from /proc. */
  cpuSeconds: () => Promise<number>;
  /** SIGTERM (graceful: the server closes its pools and stops its embedded PostgreSQL), SIGKILL after 20 s. */
  stop: () => Promise<void>;
};

/**
 * Spawn `apps/api/src/main.ts` on the project's Node (the one running this) and wait until it
 * prints that it is running. `env` is added to a clean environment: PORT, HOST=127.0.0.1,
 * BASE_HOST=localhost, NODE_ENV=production, LOG_LEVEL=warn unless given.
 */
export async function spawnApi(env: Record<string, string>, opts: { timeoutMs?: number } = {}): Promise<ApiProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', MEMORY_PROBE, API_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      BASE_HOST: 'localhost',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the API did not start in time:\n${out}`)),
      opts.timeoutMs ?? 90_000,
    );
    const check = () => {
      if (out.includes('Siteflow is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code ?? signal}) before it was running:\n${out}`));
    });
  });

  let asked = 0;
  const memory = async (opts: { gc?: boolean } = {}): Promise<Memory> => {
    const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    const id = ++asked;
    const heap = await new Promise<Omit<Memory, 'rss'>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no memory answer')), 10_000);
      const onMessage = (m: { memory?: NodeJS.MemoryUsage; id?: number; gcMs?: number }) => {
        if (m.id !== id || !m.memory) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve({
          heapUsed: m.memory.heapUsed,
          heapTotal: m.memory.heapTotal,
          external: m.memory.external,
          gcMs: m.gcMs ?? NaN,
        });
      };
      child.on('message', onMessage);
      child.send({ memory: id, gc: opts.gc !== false });
    });
    return { rss: rssKb * 1024, ...heap };
  };

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killer);
  };
  const cpuSeconds = async () => {
    // Fields after the command name: state is field 3, utime 14, stime 15 (clock ticks, 100 per second on Linux).
    const stat = (await fs.readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(stat[11]) + Number(stat[12])) / 100;
  };
  return { child, pid: child.pid!, port, output: () => out, memory, cpuSeconds, stop };
}

export type Reply = { status: number; headers: http.IncomingHttpHeaders; text: string; raw: Buffer; json: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One HTTP request to 127.0.0.1:port with the given Host; JSON bodies get the CSRF header and a same-origin Origin. */
export function httpCall(
  port: number,
  host: string,
  method: string,
  url: string,
  opts: {
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
    agent?: http.Agent;
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, accept: 'application/json', ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let payload: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      headers['x-siteflow-csrf'] = '1';
      headers.origin ??= `http://${host}`;
    }
    if (opts.body !== undefined) {
      payload = Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(JSON.stringify(opts.body));
      headers['content-type'] ??= 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);
    // A client that gives up closes its connection (as a browser does), so the server can drop the work.
    const signal = opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined;
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent: opts.agent, signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, raw, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sign in over HTTP and return the session cookie ("sf_session=..."). */
export async function signInHttp(port: number, host: string, email: string, password: string): Promise<string> {
  const res = await httpCall(port, host, 'POST', '/api/auth/login', { body: { email, password } });
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status} ${res.text}`);
  return cookie.split(';')[0]!;
}

export const DEMO_HOST = 'demo.localhost';
export const DEMO_PASSWORD = 'siteflow-demo';
/** The demo company's logins (README): a company admin, a client admin and a provider admin. */
export const DEMO_USERS = {
  staff: 'olivia.nguyen@demo.test',
  client: 'grace.howard@harbourside.test',
  provider: 'sam.brooks@sparkright.test',
};

/** One request's status and time (ms); a request that fails outright (no answer) counts as status 0. */
export type Shot = { status: number; ms: number };

/** Times one request (the benches' bursts and floods). */
export async function timed(send: () => Promise<{ status: number }>): Promise<Shot> {
  const started = performance.now();
  try {
    const res = await send();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function loadAverage(): string {
  return os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
}
