/**
 * Debian's nginx as a reverse proxy in front of API processes, for the two-processes test: a
 * generated configuration in a temp dir (pid, logs and temp files there too), `daemon off` as a
 * child of the test, round-robin over the given backends. The proxy part of the configuration is
 * the one docs/operations.md shows.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';

export type Nginx = { port: number; stop: () => Promise<void>; errorLog: () => Promise<string> };

export async function startNginx(dir: string, port: number, backends: number[]): Promise<Nginx> {
  await fs.mkdir(dir, { recursive: true });
  // As root the workers run as 'nobody': they must be able to use the temp dirs.
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    await fs.mkdir(path.join(dir, d), { recursive: true, mode: 0o777 });
  await fs.chmod(dir, 0o755);
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream siteflow {
${backends.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://siteflow;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Test only: which backend answered.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  await fs.writeFile(confFile, conf);
  const child = spawn(NGINX, ['-c', confFile, '-p', dir, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  // Ready when the port accepts connections.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${out}\n${await errorLog()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${out}\n${await errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    errorLog,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGQUIT'); // graceful shutdown
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
