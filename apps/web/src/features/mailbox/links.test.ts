import { describe, expect, it } from 'vitest';
import { findLinks } from './links';

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
