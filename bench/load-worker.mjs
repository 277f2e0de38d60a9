// The load generator, run in a worker thread so that it does not share the server's event loop.
// Plain JavaScript so the worker needs no TypeScript loader. Sends GET requests over keep-alive
// loopback connections, `concurrency` at a time, cycling through `urls`, until `requests` are
// done or `durationMs` has passed. Job and result shapes: LoadJob/LoadResult in harness.ts.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

function runLoad(job) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const latencies = [];
  const statuses = {};
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + job.durationMs;

  const one = (url) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const headers = { host: job.host, cookie: job.cookie, accept: 'application/json' };
      const req = http.get({ host: '127.0.0.1', port: job.port, path: url, agent, headers }, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  const lane = async () => {
    while (next < job.requests && performance.now() < deadline) await one(job.urls[next++ % job.urls.length]);
  };
  return Promise.all(Array.from({ length: job.concurrency }, lane)).then(() => {
    agent.destroy();
    return { latencies, statuses, elapsedMs: performance.now() - started, bytes };
  });
}

runLoad(workerData).then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
