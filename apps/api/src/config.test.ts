import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tenantUrl } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, baseHost: 'localhost', seedDemo: true, appUrl: 'http://localhost:3000', databaseUrl: undefined });
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/^Invalid SEED_DEMO/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/^Invalid SMTP_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('reads booleans and treats empty values as unset', () => {
    expect(loadConfig({ SEED_DEMO: 'false', DATABASE_URL: '' })).toMatchObject({ seedDemo: false, databaseUrl: undefined });
  });
});

describe('tenantUrl', () => {
  it('puts the slug in front of the platform host, keeping scheme and port', () => {
    expect(tenantUrl({ appUrl: 'http://localhost:3000' }, 'acme')).toBe('http://acme.localhost:3000');
    expect(tenantUrl({ appUrl: 'https://siteflow.example.com' }, 'acme')).toBe('https://acme.siteflow.example.com');
    expect(tenantUrl({ appUrl: 'http://localhost:3000' }, null)).toBe('http://localhost:3000');
  });
});
