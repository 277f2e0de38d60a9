import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSlowRequestLog } from './slow-requests.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function appWith(thresholdMs: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  registerSlowRequestLog(app, thresholdMs);
  app.get('/api/things/:id', async (request) => {
    await sleep(Number((request.query as { wait?: string }).wait ?? 0));
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('slow request log', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('warns of a request slower than the threshold, naming its route pattern, not its address', async () => {
    // A threshold well above what an instant answer takes on a loaded CI machine (a cold first
    // request there took over 50 ms), and a slow request well above the threshold.
    const { app, lines } = await appWith(250);
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/api/things/7?wait=0' });
    await app.inject({ method: 'GET', url: '/api/things/42?wait=320&secret=x' });
    await sleep(20);
    const slow = lines.filter((l) => l.event === 'request.slow');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: 40, method: 'GET', route: '/api/things/:id', status: 200 });
    expect(slow[0]!.ms).toBeGreaterThanOrEqual(300);
    expect(JSON.stringify(slow[0])).not.toContain('secret');
  });

  it('logs nothing when turned off (0)', async () => {
    const { app, lines } = await appWith(0);
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/api/things/1?wait=60' });
    await sleep(20);
    expect(lines.filter((l) => l.event === 'request.slow')).toEqual([]);
  });
});
