import { describe, expect, it } from 'vitest';
import { slugOfHost } from './context.js';

describe('slugOfHost', () => {
  it('maps the bare host to the platform and a subdomain to its tenant', () => {
    expect(slugOfHost('localhost', 'localhost')).toBeNull();
    expect(slugOfHost('acme.localhost', 'localhost')).toBe('acme');
    expect(slugOfHost('ACME.siteflow.example.com', 'siteflow.example.com')).toBe('acme');
  });

  it('refuses hosts that are not ours', () => {
    expect(slugOfHost('evil.com', 'localhost')).toBeUndefined();
    expect(slugOfHost('acmelocalhost', 'localhost')).toBeUndefined();
    expect(slugOfHost('a.b.localhost', 'localhost')).toBeUndefined();
  });
});
