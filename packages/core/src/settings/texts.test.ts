import { describe, expect, it } from 'vitest';
import { legalDocument } from './texts.js';

describe('legalDocument: a legal text as published', () => {
  it('is titled by the heading it opens with, which leaves the body', () => {
    expect(legalDocument('privacy-policy', '<h2>Privacy Policy</h2><p>We collect little.</p>')).toEqual({
      title: 'Privacy Policy',
      value: '<p>We collect little.</p>',
    });
    expect(legalDocument('t', ' <h1>Terms <strong>&amp;</strong> Conditions</h1>\n<p>x</p>')).toEqual({
      title: 'Terms & Conditions',
      value: '<p>x</p>',
    });
  });

  it('without a leading heading, is titled by its key made readable and keeps the whole text', () => {
    expect(legalDocument('terms-and-conditions', '<p>Be fair.</p><h2>Later</h2>')).toEqual({
      title: 'Terms and conditions',
      value: '<p>Be fair.</p><h2>Later</h2>',
    });
    expect(legalDocument('cookie_policy.v2', '')).toEqual({ title: 'Cookie policy v2', value: '' });
  });

  it('an empty heading does not title it', () => {
    expect(legalDocument('privacy', '<h2> </h2><p>x</p>')).toEqual({ title: 'Privacy', value: '<h2> </h2><p>x</p>' });
  });
});
