/**
 * The API as its own process, as `npm start` runs it (node, its serverNodeFlags, --import tsx apps/api/src/main.ts,
 * NODE_ENV=production, the job worker included), on a database the bench already has; and its
 * memory as the kernel reports it (/proc/<pid>/status), so a bench can print the server's RSS
 * apart from its own (the load generator's worker threads, the client, the data generator).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { call } from './harness.js';
import { serverNodeFlags } from '../scripts/lib.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

export type ServerProcess = { port: number; pid: number; memory: () => ProcessMemory; stop: () => Promise<void> };
/** VmRSS now and VmHWM (the highest RSS since the process started), in MB. */
export type ProcessMemory = { rss: number; peak: number };

/** Reads VmRSS and VmHWM of a process from /proc (Linux). */
export function processMemory(pid: number): ProcessMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A spawned API process: its child, and a stop that waits for it to exit (SIGKILL after 15 s). */
export type SpawnedApi = { child: ChildProcess; stop: () => Promise<void> };

/**
 * Spawns the API as `npm start` runs it (node, its serverNodeFlags, --import tsx
 * apps/api/src/main.ts) with `env` over this process's, on 127.0.0.1 / localhost:`port`, and
 * resolves once /api/health answers; rejects with the server's last output when it exits first or
 * does not answer within `waitMs`.
 */
export async function spawnApi(port: number, env: Record<string, string>, waitMs: number): Promise<SpawnedApi> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags(), '--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', SMTP_URL: '', SMS_URL: '', ...env },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    // The platform's host: every data set answers there (a tenant's host needs that tenant).
    const health = await call(port, 'GET', '/api/health', { host: 'localhost' }).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${waitMs / 1000} s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, stop };
}

/** Starts the API on `databaseUrl` (owner) and `dataDir`, listening on 127.0.0.1:`port`; resolves once /api/health answers. */
export async function startServerProcess(databaseUrl: string, dataDir: string, port: number): Promise<ServerProcess> {
  const { child, stop } = await spawnApi(
    port,
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      BASE_HOST: 'localhost',
    },
    180_000,
  );
  const pid = child.pid!;
  return { port, pid, memory: () => processMemory(pid), stop };
}
