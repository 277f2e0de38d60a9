import { describe, expect, it } from 'vitest';
import { sanitizeSettingHtml } from './service.js';

describe('sanitizeSettingHtml', () => {
  it('keeps what the editor toolbar produces', () => {
    const html =
      '<h2>Terms</h2><p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote>';
    expect(sanitizeSettingHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const out = sanitizeSettingHtml(
      '<p onclick="steal()">hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|javascript|onerror|<img/i);
    expect(out).toContain('<p>hi</p>');
  });

  it('opens links in a new tab without an opener', () => {
    expect(sanitizeSettingHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });
});
