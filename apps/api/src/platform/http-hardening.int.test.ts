/**
 * Issue 9, HTTP hardening: Cache-Control on authenticated answers, NUL bytes in search text,
 * multipart without a boundary on every upload route, and `Origin: null` on the CSRF check.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { eq } from 'drizzle-orm';
import { tenants } from './db/schema.js';
import {
  asOwner,
  createTenant,
  createUser,
  formData,
  PLATFORM_HOST,
  pngBytes,
  request,
  uniq,
  type RequestOptions,
} from '../../test/harness.js';
import { companyAndPlatform, type As, type TestApp, type TestTenant } from '../../test/companies.js';
import { nulMessage, UNREADABLE_UPLOAD_MESSAGE } from './hardening.js';

let t: TestApp, tenant: TestTenant, admin: string, asAdmin: As, asPlatform: As;
let other: TestTenant;
let staffId: string;

beforeAll(async () => {
  ({ t, tenant, companyAdmin: admin, asCompany: asAdmin, asPlatform } = await companyAndPlatform());
  other = await createTenant();
  staffId = (await createUser(tenant, 'company_employee')).id;
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it('authenticated answers are no-store: reads, a write, errors and the session', async () => {
    const gets = [
      '/api/session',
      '/api/staff',
      `/api/staff/${staffId}`,
      '/api/settings',
      '/api/projects',
      '/api/clients',
      '/api/tags',
      '/api/search/projects?q=x',
      '/api/no-such-thing',
      '/api/projects/999999',
    ];
    for (const url of gets) {
      const res = await asAdmin({ url });
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/api/customers', `/api/customers/${other.id}`, '/api/mailbox']) {
      const res = await asPlatform({ url });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const created = await asAdmin({ method: 'POST', url: '/api/tags', body: { name: `cache-${uniq()}` } });
    expect(created.status, created.text).toBeLessThan(300);
    expect(created.headers['cache-control']).toBe('no-store');
    const refused = await asAdmin({ method: 'POST', url: '/api/tags', body: { name: '' } });
    expect(refused.status).toBe(422);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Signing in answers with the session cookie: that answer is not stored either.
    const login = await request(t, {
      method: 'POST',
      url: '/api/auth/login',
      host: tenant.host,
      body: { email: tenant.admin.email, password: tenant.admin.password },
    });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it("a signed-in user's pictures and logos are no-store too; the sign-in page's logo may be cached", async () => {
    const pictureKey = await t.deps.files.put(pngBytes(2, 2), 'png');
    const pictured = await createUser(tenant, 'company_employee', { pictureKey });
    const logoKey = await t.deps.files.put(pngBytes(2, 2), 'png');
    await asOwner(tenant.id, (tx) => tx.update(tenants).set({ logoKey }).where(eq(tenants.id, tenant.id)));
    for (const url of [`/api/staff/${pictured.id}/picture`, '/api/tenant/logo']) {
      const res = await asAdmin({ url });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await request(t, { url: '/api/tenant/logo', host: tenant.host });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['cache-control']).toMatch(/^private, max-age=/);
  });
});

describe('NUL bytes in search text', () => {
  it('are a 422 naming the field on the project list, quick search and the project lookup', async () => {
    for (const [url, field] of [
      ['/api/projects?search=%00', 'search'],
      ['/api/projects?search=a%00b', 'search'],
      ['/api/search/projects?q=%00', 'q'],
      ['/api/projects/lookup?q=%00', 'q'],
      ['/api/staff?search=x%00', 'search'],
      ['/api/service-providers?search=%00', 'search'],
    ] as const) {
      const res = await asAdmin({ url });
      expect(res.status, `${url}: ${res.text}`).toBe(422);
      expect(res.json, url).toEqual({
        message: 'The given data was invalid.',
        errors: { [field]: [nulMessage(field)] },
      });
    }
    // a field named like a prototype property is just a field (found by the fuzzer: __proto__ was a 500)
    for (const name of ['constructor', 'toString']) {
      const res = await asAdmin({ url: `/api/staff?page=1&${name}=%00` });
      expect(res.status, `${name}: ${res.text}`).toBe(422);
      expect(res.json.errors, name).toEqual({ [name]: [nulMessage(name)] });
    }
    const proto = await asAdmin({ url: '/api/staff?page=1&__proto__=%00' });
    expect(proto.status, proto.text).toBe(422);
    expect(proto.json.message).toBe('The given data was invalid.'); // the serializer leaves a __proto__ key out
    // in a path value too
    const res = await asAdmin({ url: '/api/staff/%00' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ id: [nulMessage('id')] });
  });

  it('search text without NUL still works', async () => {
    for (const url of ['/api/projects?search=abc', '/api/search/projects?q=abc', '/api/projects/lookup?q=abc']) {
      expect((await asAdmin({ url })).status, url).toBe(200);
    }
  });
});

describe('multipart without a boundary', () => {
  it('is a 400 "The upload could not be read." on every upload route', async () => {
    const type = await asAdmin({ method: 'POST', url: '/api/certificate-types', body: { name: `Type ${uniq()}` } });
    expect(type.status, type.text).toBe(201);
    const cert = await asAdmin({
      method: 'POST',
      url: `/api/certifications/${staffId}?is_service_provider=false`,
      body: formData({ type_id: type.json.id, name: 'Held' }),
    });
    expect(cert.status, cert.text).toBe(201);
    const routes: [RequestOptions['method'], string, (o: RequestOptions) => ReturnType<typeof request>][] = [
      ['POST', '/api/customers', asPlatform],
      ['PUT', `/api/customers/${other.id}`, asPlatform],
      ['POST', '/api/staff', asAdmin],
      ['PUT', `/api/staff/${staffId}`, asAdmin],
      ['POST', `/api/certificate-types/${type.json.id}/samples`, asAdmin],
      ['POST', `/api/certifications/${staffId}?is_service_provider=false`, asAdmin],
      ['PUT', `/api/certifications/${staffId}/${cert.json.id}?is_service_provider=false`, asAdmin],
    ];
    const body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n';
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; charset=utf-8',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ]) {
      for (const [method, url, as] of routes) {
        const res = await as({ method, url, body, headers: { 'content-type': contentType } });
        expect(res.status, `${method} ${url} (${contentType}): ${res.text}`).toBe(400);
        expect(res.json, `${method} ${url}`).toEqual({ message: UNREADABLE_UPLOAD_MESSAGE });
      }
    }
  });
});

describe('CSRF origin check', () => {
  it('refuses Origin: null with 403 and creates nothing', async () => {
    const name = `null-origin-${uniq()}`;
    const res = await asAdmin({ method: 'POST', url: '/api/tags', body: { name }, headers: { origin: 'null' } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: 'Invalid CSRF token. Reload the page and try again.' });
    const tags = await asAdmin({ url: '/api/tags' });
    expect(JSON.stringify(tags.json)).not.toContain(name);
    // the page's own origin still passes
    const ok = await asAdmin({
      method: 'POST',
      url: '/api/tags',
      body: { name },
      headers: { origin: `http://${tenant.host}` },
    });
    expect(ok.status, ok.text).toBeLessThan(300);
  });
});

describe('the root address', () => {
  it('serves the web app (which sends a signed-in user home and anyone else to sign in) on both hosts, never 403', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'siteflow-web-'));
    const html = '<!doctype html><html><body><div id="root"></div></body></html>';
    await fs.writeFile(path.join(dist, 'index.html'), html);
    const app = await buildApp(t.deps, { serveWeb: true, webDist: dist });
    try {
      for (const host of [PLATFORM_HOST, tenant.host]) {
        for (const cookie of [undefined, admin]) {
          const res = await app.inject({ url: '/', headers: { host, ...(cookie ? { cookie } : {}) } });
          expect(res.statusCode, `${host} ${cookie ? 'signed in' : 'anonymous'}: ${res.body}`).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toBe(html);
        }
      }
      // the other screens as before
      const login = await app.inject({ url: '/login', headers: { host: tenant.host } });
      expect(login.body).toBe(html);
      expect(login.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
