import { describe, expect, it } from 'vitest';
import { toPostcode } from './postcode-input';
import { sanitizeHtml } from './safe-html';

describe('toPostcode', () => {
  it('keeps at most four digits', () => {
    expect(toPostcode('4a0b0c0d9')).toBe('4000');
    expect(toPostcode('0800')).toBe('0800');
    expect(toPostcode('x')).toBe('');
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
