// Shared by `npm start` and `npm test`. Plain JavaScript that runs on any Node >= 20,
// because the first run happens before the project's own Node 24 is installed.
import { spawnSync, spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');
export const NODE = path.join(BIN, 'node');

/**
 * Node's flags for the server (`npm start`, and the benches that run it as its own process): V8's
 * old space capped at 320 MB, so the heap is collected before it grows into the room a 512 MB
 * server has (without a cap V8 sizes it from the machine's memory and collects lazily).
 * SERVER_MAX_HEAP_MB overrides the figure.
 */
export const serverNodeFlags = (env = process.env) => [`--max-old-space-size=${Number(env.SERVER_MAX_HEAP_MB) || 320}`];

export const say = (msg) => console.log(`\u001b[36m[siteflow]\u001b[0m ${msg}`);

function hashPaths(paths) {
  const hash = crypto.createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(path.relative(ROOT, p));
      hash.update(fs.readFileSync(p));
    }
  };
  for (const p of paths) walk(path.join(ROOT, p));
  return hash.digest('hex');
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: withProjectPath(options.env ?? process.env),
    ...options,
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Run several commands at once, each with its output kept apart and printed whole when it ends
 * (so two tools' lines do not interleave); resolves to the exit codes in the order given.
 */
export function runConcurrently(commands) {
  return Promise.all(
    commands.map(
      ([cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: ROOT, env: withProjectPath(process.env) });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => {
            console.error(`${cmd} ${args.join(' ')}: ${error.message}`);
            resolve(1);
          });
          child.on('close', (code) => {
            process.stdout.write(Buffer.concat(output));
            resolve(code ?? 1);
          });
        }),
    ),
  );
}

/** PATH with the project's bin first, so `node` is the project's Node 24. */
export function withProjectPath(env) {
  return { ...env, PATH: `${BIN}${path.delimiter}${env.PATH ?? ''}` };
}

const WORKSPACE_MANIFESTS = [
  'package.json',
  'package-lock.json',
  'packages/core/package.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'e2e/package.json',
];

/** Install dependencies when the lockfile or a manifest changed (nothing to do otherwise). */
export function ensureDependencies() {
  const stamp = path.join(ROOT, 'node_modules', '.siteflow-install');
  const want = hashPaths(WORKSPACE_MANIFESTS);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want && fs.existsSync(NODE)) return false;
  say('Installing dependencies (npm ci)...');
  const status = run('npm', ['ci', '--no-audit', '--no-fund'], { env: process.env });
  if (status !== 0) throw new Error('npm ci failed');
  fs.writeFileSync(stamp, want);
  return true;
}

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/public',
  'packages/core/src',
  'package-lock.json',
];

/** Build the web app when its sources changed since the last build. */
export function ensureWebBuild({ force = false } = {}) {
  const dist = path.join(ROOT, 'apps', 'web', 'dist');
  const stamp = path.join(dist, '.siteflow-build');
  const want = hashPaths(WEB_SOURCES);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return false;
  say('Building the web app...');
  const status = run(NODE, [
    path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    'apps/web',
    '--logLevel',
    'warn',
  ]);
  if (status !== 0) throw new Error('the web build failed');
  fs.writeFileSync(stamp, want);
  return true;
}

/** Run a long-lived child on the project's Node, passing signals through. */
export function runForever(args, env = process.env) {
  const child = spawn(NODE, args, { cwd: ROOT, stdio: 'inherit', env: withProjectPath(env) });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
