/**
 * Issue 11, the web app's files: the build's brotli and gzip copies (scripts/precompress.mjs, run by
 * the web build) are sent to browsers that accept them, with Vary: Accept-Encoding; hashed assets
 * are cached immutably for a year, the app's HTML is revalidated on every visit.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, PLATFORM_HOST, type TestApp } from '../../test/harness.js';
import { precompressDir } from '../../../../scripts/precompress.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const html = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;
const tinyCss = 'a{color:red}';
const signedInHtml = html.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/frame-lib-Ij90Kl12.js"></head>',
);

let t: TestApp;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  t = await createTestApp();
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'siteflow-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), html);
  await fs.writeFile(path.join(dist, 'index.signed-in.html'), signedInHtml);
  await fs.writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'tiny-Ef56Gh78.css'), tinyCss);
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDir(dist);
  app = await buildApp(t.deps, { serveWeb: true, webDist: dist });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    url,
    headers: { host: PLATFORM_HOST, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

const decode: Record<string, (b: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
};

describe('precompression at build time', () => {
  it('writes .br and .gz beside text files above 1 kB, none for smaller files', async () => {
    const files = (await fs.readdir(dist, { recursive: true })).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html.br',
        'index.html.gz',
        path.join('assets', 'index-Ab12Cd34.js.br'),
        path.join('assets', 'index-Ab12Cd34.js.gz'),
      ]),
    );
    expect(files.filter((f) => f.startsWith(path.join('assets', 'tiny-')))).toEqual([
      path.join('assets', 'tiny-Ef56Gh78.css'),
    ]);
  });
});

describe('compressed answers', () => {
  for (const [accept, encoding] of [
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br;q=0.5', 'gzip'],
    ['gzip', 'gzip'],
  ] as const) {
    it(`a hashed script asked with Accept-Encoding "${accept}" comes as ${encoding}, cached immutably`, async () => {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.rawPayload.length).toBeLessThan(script.length / 3);
      expect(decode[encoding]!(res.rawPayload).toString()).toBe(script);
    });
  }

  it('without Accept-Encoding the same script comes as it is', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(script);
  });

  it('a small asset without compressed copies is sent as it is, still immutable', async () => {
    const res = await get('/assets/tiny-Ef56Gh78.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(tinyCss);
  });

  it('the app HTML (root, a screen address) is compressed and revalidated on every visit', async () => {
    for (const url of ['/', '/login', '/projects/12/show']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('a browser with a session cookie gets the HTML that preloads the signed-in frame, varying by cookie', async () => {
    for (const url of ['/', '/projects', '/projects/12/show']) {
      const res = await app.inject({
        url,
        headers: { host: PLATFORM_HOST, 'accept-encoding': 'br, gzip', cookie: 'sf_session=some-token' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(signedInHtml);
    }
    // Without the cookie (the sign-in page's first visit): the plain HTML, which preloads nothing more.
    const anonymous = await get('/projects', 'br, gzip');
    expect(anonymous.headers.vary).toMatch(/cookie/i);
    expect(zlib.brotliDecompressSync(anonymous.rawPayload).toString()).toBe(html);
  });

  it('other public files are kept an hour; a missing asset is a 404, never the HTML', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await get('/assets/missing-00000000.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });
});
