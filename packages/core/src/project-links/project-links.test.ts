import { describe, expect, it } from 'vitest';
import { forceHttps, PROJECT_LINK_TEXT, ProjectLinkInput } from './project-links.js';

describe('project link urls', () => {
  it('always carry an https:// prefix, replacing http:// or https://', () => {
    expect(forceHttps('example.com/a')).toBe('https://example.com/a');
    expect(forceHttps('http://example.com')).toBe('https://example.com');
    expect(forceHttps('HTTPS://example.com')).toBe('https://example.com');
  });

  it('refuse what is not a web address', () => {
    const r = ProjectLinkInput.safeParse({ title: 't', url: 'not a url' });
    expect(r.success ? '' : r.error.issues[0]?.message).toBe(PROJECT_LINK_TEXT.urlInvalid);
  });
});
