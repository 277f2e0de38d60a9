import { describe, expect, it } from 'vitest';
import { findLinks } from '../features/mailbox/links';
import { safeNext } from '../features/auth/next-path';
import { toPostcode } from './postcode-input';
import { sanitizeHtml } from './safe-html';

describe('toPostcode', () => {
  it('keeps at most four digits', () => {
    expect(toPostcode('4a0b0c0d9')).toBe('4000');
    expect(toPostcode('0800')).toBe('0800');
    expect(toPostcode('x')).toBe('');
  });
});

describe('findLinks', () => {
  it('names each link by the words before it on its line', () => {
    const text =
      'Hello Jack,\n\nReset Password: http://demo.localhost:3000/reset-password/abc?email=j%40d.test\n\nOr visit https://siteflow.test/help.';
    expect(findLinks(text)).toEqual([
      { label: 'Reset Password', url: 'http://demo.localhost:3000/reset-password/abc?email=j%40d.test' },
      { label: 'Or visit', url: 'https://siteflow.test/help' },
    ]);
  });
});

describe('safeNext', () => {
  it('only accepts paths on this site', () => {
    expect(safeNext('/settings?x=1')).toBe('/settings?x=1');
    expect(safeNext('//evil.test')).toBeNull();
    expect(safeNext('https://evil.test')).toBeNull();
    expect(safeNext('/login')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});

describe('sanitizeHtml', () => {
  it('drops scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">x</a><script>alert(1)</script><a href="https://a.test">ok</a></p>',
    );
    expect(out).not.toContain('script');
    expect(out).not.toContain('onclick');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('href="https://a.test"');
  });
});
