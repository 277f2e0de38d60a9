import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tenantUrl } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      baseHost: 'localhost',
      seedDemo: true,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
    });
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/^Invalid SEED_DEMO/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/^Invalid SMTP_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('gives the read cache 64 MB unless READ_CACHE_MB says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).readCacheMb).toBe(64);
    expect(loadConfig({ READ_CACHE_MB: '0' }).readCacheMb).toBe(0);
    expect(() => loadConfig({ READ_CACHE_MB: '-1' })).toThrow(/^Invalid READ_CACHE_MB/);
    expect(() => loadConfig({ READ_CACHE_MB: 'lots' })).toThrow(/^Invalid READ_CACHE_MB/);
  });

  it('logs requests slower than 1 s unless SLOW_REQUEST_MS says otherwise (0: never)', () => {
    expect(loadConfig({}).slowRequestMs).toBe(1000);
    expect(loadConfig({ SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '1.5' })).toThrow(/^Invalid SLOW_REQUEST_MS/);
    expect(() => loadConfig({ SLOW_REQUEST_MS: 'soon' })).toThrow(/^Invalid SLOW_REQUEST_MS/);
  });

  it('reads booleans and treats empty values as unset', () => {
    expect(loadConfig({ SEED_DEMO: 'false', DATABASE_URL: '' })).toMatchObject({
      seedDemo: false,
      databaseUrl: undefined,
    });
  });
});

describe('routing settings', () => {
  it('defaults to the offline estimate', () => {
    expect(loadConfig({}).routing).toEqual({ kind: 'estimate' });
  });

  it('reads ROUTER_URL=osrm:<address> with the timeout (default 3000 ms)', () => {
    expect(loadConfig({ ROUTER_URL: 'osrm:https://osrm.example.com/' }).routing).toEqual({
      kind: 'osrm',
      url: 'https://osrm.example.com',
      timeoutMs: 3000,
    });
    expect(loadConfig({ ROUTER_URL: 'osrm:http://10.0.0.5:5000', ROUTER_TIMEOUT_MS: '1500' }).routing).toEqual({
      kind: 'osrm',
      url: 'http://10.0.0.5:5000',
      timeoutMs: 1500,
    });
  });

  it('takes OSRM_URL, then GOOGLE_ROUTES_KEY, when ROUTER_URL is unset; ROUTER_URL wins', () => {
    expect(loadConfig({ OSRM_URL: 'https://osrm.example.com' }).routing).toMatchObject({
      kind: 'osrm',
      url: 'https://osrm.example.com',
    });
    expect(loadConfig({ GOOGLE_ROUTES_KEY: 'k-123' }).routing).toEqual({
      kind: 'google',
      apiKey: 'k-123',
      timeoutMs: 3000,
    });
    expect(loadConfig({ ROUTER_URL: 'estimate', OSRM_URL: 'https://osrm.example.com' }).routing).toEqual({
      kind: 'estimate',
    });
  });

  it('names the routing variable of a bad value', () => {
    expect(() => loadConfig({ ROUTER_URL: 'osrm:ftp://x' })).toThrow(/^Invalid ROUTER_URL/);
    expect(() => loadConfig({ ROUTER_URL: 'mapbox' })).toThrow(/^Invalid ROUTER_URL/);
    expect(() => loadConfig({ OSRM_URL: 'osrm.example.com' })).toThrow(/^Invalid OSRM_URL/);
    expect(() => loadConfig({ ROUTER_TIMEOUT_MS: '10' })).toThrow(/^Invalid ROUTER_TIMEOUT_MS/);
    expect(() => loadConfig({ ROUTER_URL: 'google' })).toThrow(/^Invalid GOOGLE_ROUTES_KEY/);
  });
});

describe('SMS settings', () => {
  it('default to the built-in mailbox, Australian numbers and the default sender', () => {
    expect(loadConfig({}).sms).toEqual({ from: undefined, country: 'AU', gateway: null });
  });

  it('read the gateway with its timeout (default 10000 ms), the sender and the country', () => {
    const url = 'https://AC1:tok@api.twilio.com/2010-04-01/Accounts/AC1/Messages.json';
    expect(loadConfig({ SMS_URL: url, SMS_FROM: '+61412345678', SMS_COUNTRY: 'nz' }).sms).toEqual({
      from: '+61412345678',
      country: 'NZ',
      gateway: { url, timeoutMs: 10000 },
    });
    expect(loadConfig({ SMS_URL: url, SMS_TIMEOUT_MS: '2500', SMS_FROM: 'Acme Build' }).sms).toMatchObject({
      from: 'Acme Build',
      gateway: { timeoutMs: 2500 },
    });
  });

  it.each([
    ['SMS_URL', 'api.twilio.com'],
    ['SMS_FROM', 'A sender name that is too long'],
    ['SMS_FROM', '0412 345 678'], // a sender number needs its country code
    ['SMS_COUNTRY', 'Australia'],
    ['SMS_TIMEOUT_MS', '5'],
  ])('names %s when its value (%s) is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});

describe('tenantUrl', () => {
  it('puts the slug in front of the platform host, keeping scheme and port', () => {
    expect(tenantUrl({ appUrl: 'http://localhost:3000' }, 'acme')).toBe('http://acme.localhost:3000');
    expect(tenantUrl({ appUrl: 'https://siteflow.example.com' }, 'acme')).toBe('https://acme.siteflow.example.com');
    expect(tenantUrl({ appUrl: 'http://localhost:3000' }, null)).toBe('http://localhost:3000');
  });
});
