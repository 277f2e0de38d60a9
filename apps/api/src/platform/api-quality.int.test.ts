import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formData,
  leaksInternals,
  PLATFORM_HOST,
  pngBytes,
  request,
  uniq,
  type RequestOptions,
  type TestResponse,
} from '../../test/harness.js';
import { customerInput } from '../../test/inputs.js';
import { companyAndPlatform, type As, type TestApp, type TestTenant } from '../../test/companies.js';

let t: TestApp, tenant: TestTenant, companyAdmin: string, platformAdmin: string, asCompany: As, asPlatform: As;

beforeAll(async () => {
  ({ t, tenant, companyAdmin, platformAdmin, asCompany, asPlatform } = await companyAndPlatform());
});
afterAll(() => t.close());

/** A clean refusal: a 4xx with a JSON message and nothing of the internals. */
function expectCleanRefusal(res: TestResponse, label: string) {
  expect(res.status, `${label}: ${res.text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${res.text}`).toBeLessThan(500);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  expect(typeof res.json?.message, label).toBe('string');
  expect(leaksInternals(res.text), `${label} leaks: ${res.text}`).toBe(false);
}

describe('API quality: errors', () => {
  it('an unknown /api route answers 404 JSON with a message', async () => {
    for (const host of [PLATFORM_HOST, tenant.host]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await request(t, {
          method,
          url: '/api/no-such-thing',
          host,
          body: method === 'GET' ? undefined : {},
        });
        expect(res.status, `${method} ${host}`).toBe(404);
        expect(res.json).toEqual({ message: 'Not found.' });
      }
    }
    // An address that is no company gets 404 too, not the platform.
    const res = await request(t, { url: '/api/session', host: `unknown-${uniq()}.localhost` });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('No company is registered at this address.');
  });

  it('malformed JSON gives 400 JSON without internals', async () => {
    for (const payload of ['{"email": "a@b.c",', '{not json}', '\u0000', '[1,2']) {
      const res = await request(t, {
        method: 'POST',
        url: '/api/auth/login',
        host: tenant.host,
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, payload).toBe(400);
      expect(res.json).toEqual({ message: 'The request could not be read.' });
    }
    const empty = await request(t, {
      method: 'POST',
      url: '/api/auth/login',
      host: tenant.host,
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expectCleanRefusal(empty, 'empty JSON body');
  });

  it('an unsupported content type gives 415', async () => {
    const res = await asCompany({
      method: 'POST',
      url: '/api/settings',
      body: 'key=x&value=y',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ message: 'Unsupported content type.' });
  });

  it('a body over the limit gives 413', async () => {
    const res = await asCompany({
      method: 'POST',
      url: '/api/settings',
      body: { key: 'big', value: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: 'The upload is too large.' });
  });

  it('invalid ids in paths give 4xx, never 500', async () => {
    for (const bad of [
      'not-a-uuid',
      '1',
      "1'%20or%20'1'='1",
      '00000000-0000-0000-0000-00000000000g',
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      for (const [as, url] of [
        [asPlatform, `/api/customers/${bad}`],
        [asPlatform, `/api/customers/${bad}/logo`],
        [asPlatform, `/api/mailbox/${bad}`],
        [asCompany, `/api/staff/${bad}`],
        [asCompany, `/api/staff/${bad}/picture`],
        [asCompany, `/api/settings/${bad}`],
      ] as const) {
        expectCleanRefusal(await as({ url }), `GET ${url}`);
      }
      expectCleanRefusal(
        await asCompany({ method: 'PUT', url: `/api/settings/${bad}`, body: { value: 'x' } }),
        `PUT settings ${bad}`,
      );
      expectCleanRefusal(await asCompany({ method: 'DELETE', url: `/api/settings/${bad}` }), `DELETE settings ${bad}`);
      expectCleanRefusal(await asCompany({ method: 'POST', url: `/api/staff/${bad}/deactivate` }), `deactivate ${bad}`);
    }
  });

  it('bad query strings give 4xx, never 500', async () => {
    for (const q of [
      'page=abc',
      'page=0',
      'page=-1',
      'page=1e400',
      'pageSize=0',
      'pageSize=1000',
      `search=${'x'.repeat(300)}`,
      'page=1.5',
    ]) {
      expectCleanRefusal(await asPlatform({ url: `/api/customers?${q}` }), `customers?${q}`);
      expectCleanRefusal(await asCompany({ url: `/api/staff?${q}` }), `staff?${q}`);
      expectCleanRefusal(await asPlatform({ url: `/api/mailbox?${q}` }), `mailbox?${q}`);
    }
    expectCleanRefusal(await asCompany({ url: '/api/staff?status=deleted' }), 'staff?status');
  });

  it('search terms with SQL, wildcards or odd characters are data, never code or errors', async () => {
    const terms = ["' or 1=1 --", '%', '_', '\\', '"; drop table users; --', '😀', '\u0000', 'a\u0000b'].map(
      encodeURIComponent,
    );
    // and some that are not valid percent-encoded UTF-8 at all
    for (const encoded of [...terms, '%ED%A0%80', '%FF', '%E0%A4%A', '%', '%%32']) {
      const q = `search=${encoded}`;
      for (const [as, url] of [
        [asPlatform, `/api/customers?${q}`],
        [asCompany, `/api/staff?${q}`],
        [asPlatform, `/api/mailbox?${q}`],
      ] as const) {
        const res = await as({ url });
        expect(leaksInternals(res.text), `${url}: ${res.text}`).toBe(false);
        if (res.status === 200) expect(res.json.total, url).toBe(0);
        else expectCleanRefusal(res, url);
      }
    }
  });

  it('bad bodies give 4xx with field messages, never 500', async () => {
    const staffBase = {
      first_name: 'A',
      last_name: 'B',
      email: `q-${uniq()}@example.test`,
      phone: '0400 000 001',
      address: 'x',
      suburb: 'y',
      state: 'QLD',
      postcode: '4000',
    };
    const cases: [string, RequestOptions][] = [
      ['login: array body', { method: 'POST', url: '/api/auth/login', host: tenant.host, body: [1, 2] }],
      [
        'login: null body',
        {
          method: 'POST',
          url: '/api/auth/login',
          host: tenant.host,
          body: 'null',
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        'login: wrong types',
        {
          method: 'POST',
          url: '/api/auth/login',
          host: tenant.host,
          body: { email: 123, password: true, remember: 'yes' },
        },
      ],
      [
        'login: NUL in email',
        { method: 'POST', url: '/api/auth/login', host: tenant.host, body: { email: 'a\u0000@b.test', password: 'x' } },
      ],
      [
        'login: huge password',
        {
          method: 'POST',
          url: '/api/auth/login',
          host: tenant.host,
          body: { email: 'a@b.test', password: 'x'.repeat(5000) },
        },
      ],
      [
        'forgot: NUL',
        { method: 'POST', url: '/api/auth/forgot-password', host: tenant.host, body: { email: '\u0000' } },
      ],
      [
        'reset: NUL token',
        {
          method: 'POST',
          url: '/api/auth/reset-password',
          host: tenant.host,
          body: { token: 'a\u0000b', email: 'a@b.test', password: 'password1', password_confirmation: 'password1' },
        },
      ],
      [
        'settings: NUL in key',
        {
          method: 'POST',
          url: '/api/settings',
          host: tenant.host,
          cookie: companyAdmin,
          body: { key: 'a\u0000b', value: 'v' },
        },
      ],
      [
        'settings: NUL in value',
        {
          method: 'POST',
          url: '/api/settings',
          host: tenant.host,
          cookie: companyAdmin,
          body: { key: `nul-${uniq()}`, value: '<p>a\u0000b</p>' },
        },
      ],
      [
        'settings: value not a string',
        {
          method: 'POST',
          url: '/api/settings',
          host: tenant.host,
          cookie: companyAdmin,
          body: { key: `k-${uniq()}`, value: { html: 1 } },
        },
      ],
      [
        'settings: too long value',
        {
          method: 'POST',
          url: '/api/settings',
          host: tenant.host,
          cookie: companyAdmin,
          body: { key: `k-${uniq()}`, value: 'x'.repeat(200_001) },
        },
      ],
      [
        'staff: NUL in a name',
        {
          method: 'POST',
          url: '/api/staff',
          host: tenant.host,
          cookie: companyAdmin,
          body: { ...staffBase, first_name: 'Bad\u0000Name' },
        },
      ],
      [
        'staff: over-long field',
        {
          method: 'POST',
          url: '/api/staff',
          host: tenant.host,
          cookie: companyAdmin,
          body: { ...staffBase, suburb: 'y'.repeat(5000) },
        },
      ],
      [
        'staff: object values',
        {
          method: 'POST',
          url: '/api/staff',
          host: tenant.host,
          cookie: companyAdmin,
          body: { ...staffBase, first_name: { a: 1 }, phone: ['1'] },
        },
      ],
      [
        'customers: NUL in multipart field',
        {
          method: 'POST',
          url: '/api/customers',
          cookie: platformAdmin,
          body: formData(customerInput({ customer_name: 'Nul\u0000Co' })),
        },
      ],
      [
        'customers: three files',
        {
          method: 'POST',
          url: '/api/customers',
          cookie: platformAdmin,
          body: formData(
            { customer_name: 'x' },
            { data: pngBytes(), filename: 'a.png' },
            { data: pngBytes(), filename: 'b.png' },
            { data: pngBytes(), filename: 'c.png' },
          ),
        },
      ],
      [
        'customers: two logos',
        {
          method: 'POST',
          url: '/api/customers',
          cookie: platformAdmin,
          body: formData(
            { customer_name: 'x' },
            { data: pngBytes(), filename: 'a.png' },
            { data: pngBytes(), filename: 'b.png' },
          ),
        },
      ],
      [
        'settings: multipart to a JSON route',
        {
          method: 'POST',
          url: '/api/settings',
          host: tenant.host,
          cookie: companyAdmin,
          body: formData({ key: 'x', value: 'y' }),
        },
      ],
      [
        'customers: broken multipart',
        {
          method: 'POST',
          url: '/api/customers',
          cookie: platformAdmin,
          body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        },
      ],
    ];
    for (const [label, opts] of cases) {
      expectCleanRefusal(await request(t, opts), label);
    }
    // A lone surrogate is not refused: it is stored as U+FFFD, as any UTF-8 encoder would.
    const odd = await request(t, {
      method: 'POST',
      url: '/api/staff',
      host: tenant.host,
      cookie: companyAdmin,
      body: { ...staffBase, email: `s-${uniq()}@example.test`, first_name: 'Odd\ud800' },
    });
    expect(odd.status).toBe(201);
    expect(odd.json.staff.first_name).toBe('Odd\ufffd');
  });

  it('responses never carry a stack or SQL, even for a 500-prone path', async () => {
    const res = await asCompany({ url: '/api/staff?search=%00' });
    expect(leaksInternals(res.text)).toBe(false);
    expect(res.status).toBeLessThan(500);
  });
});

describe('API quality: headers', () => {
  it('every API response carries CSP with frame-ancestors none, nosniff and a referrer policy; no CORS is granted', async () => {
    const responses = [
      await request(t, { url: '/api/session', host: tenant.host }),
      await request(t, { url: '/api/no-such-thing' }),
      await asCompany({ url: '/api/staff' }),
      await request(t, {
        method: 'POST',
        url: '/api/auth/login',
        host: tenant.host,
        body: '{',
        headers: { 'content-type': 'application/json', origin: `http://${tenant.host}` },
      }),
      await request(t, { url: '/api/staff', host: tenant.host, headers: { origin: 'http://evil.example' } }),
    ];
    for (const res of responses) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    // A CORS preflight is never answered with permission.
    const preflight = await request(t, {
      method: 'OPTIONS',
      url: '/api/auth/login',
      host: tenant.host,
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-siteflow-csrf',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('images are served with their own type, nosniff and inline disposition', async () => {
    const png = pngBytes(2, 2);
    const created = await asPlatform({
      method: 'POST',
      url: '/api/customers',
      body: formData(customerInput({ customer_name: 'Img Co' }), { data: png, filename: 'x.png' }),
    });
    expect(created.status).toBe(201);
    const logo = await asPlatform({ url: created.json.logo_path });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-disposition']).toBe('inline');
  });

  it('a well-formed x-request-id is echoed; anything else is replaced', async () => {
    expect(
      (await request(t, { url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } })).headers['x-request-id'],
    ).toBe('trace-12345678');
    const replaced = (await request(t, { url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } })).headers[
      'x-request-id'
    ];
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });
});
