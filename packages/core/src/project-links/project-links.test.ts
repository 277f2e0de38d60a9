import { describe, expect, it } from 'vitest';
import { forceHttps, PROJECT_LINK_TEXT, ProjectLinkInput } from './project-links.js';

describe('project link urls', () => {
  it('always carry an https:// prefix, replacing http:// or https://', () => {
    const forced = {
      'example.com/a': 'https://example.com/a',
      'http://example.com': 'https://example.com',
      'HTTPS://example.com': 'https://example.com',
    };
    for (const [url, https] of Object.entries(forced)) expect(forceHttps(url), url).toBe(https);
  });

  it('refuse what is not a web address', () => {
    const r = ProjectLinkInput.safeParse({ title: 't', url: 'not a url' });
    expect(r.success ? '' : r.error.issues[0]?.message).toBe(PROJECT_LINK_TEXT.urlInvalid);
  });
});
