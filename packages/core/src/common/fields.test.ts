import { describe, expect, it } from 'vitest';
import { AccountManagerQuickAdd, ClientInput, ClientUserInput } from '../clients/clients.js';
import { StaffInput } from '../staff/staff.js';
import { ProviderInput } from '../providers/contracts.js';
import { isPhoneText, isWebsiteText, PHONE_INVALID_MESSAGE, WEBSITE_INVALID_MESSAGE } from './fields.js';

describe('phone numbers', () => {
  it('takes numbers as people write them', () => {
    for (const v of ['07 3123 4567', '0412 345 678', '+61 412 345 678', '(07) 3123-4567', '13 22 11', '07.3123.4567'])
      expect(isPhoneText(v), v).toBe(true);
  });

  it('refuses letters, symbols, a + inside, and too few or too many digits', () => {
    for (const v of ['abc!!', '12', '0412 ABC 678', '07 3123 4567 ext 2', '0412+345678', '1234567890123456'])
      expect(isPhoneText(v), v).toBe(false);
  });

  it("refuses a bad phone in a form's contract with the message under the field, and keeps a blank optional one", () => {
    const client = ClientInput.safeParse({ trading_name: 'Harbourside', phone: 'abc!!' });
    expect(client.success).toBe(false);
    expect(client.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: PHONE_INVALID_MESSAGE }),
    ]);
    expect(ClientInput.parse({ trading_name: 'Harbourside', phone: '  ' }).phone).toBeNull();

    const staff = StaffInput.safeParse({
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.test',
      phone: '12',
      address: '1 George St',
      suburb: 'Brisbane',
      state: 'QLD',
      postcode: '4000',
    });
    expect(staff.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'phone',
      PHONE_INVALID_MESSAGE,
    ]);
  });

  it("checks every mobile number as a phone number: a client user's (optional) and Quick Add's (required)", () => {
    const person = { first_name: 'A', last_name: 'B', email: 'a@example.test' };
    const user = ClientUserInput.safeParse({ ...person, role: 'client_admin', mobile: 'abc!! mobile' });
    expect(user.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['mobile', PHONE_INVALID_MESSAGE]]);
    expect(ClientUserInput.parse({ ...person, role: 'client_admin', mobile: ' ' }).mobile).toBeNull();
    expect(ClientUserInput.parse({ ...person, role: 'client_admin', mobile: '0412 345 678' }).mobile).toBe(
      '0412 345 678',
    );

    const quick = AccountManagerQuickAdd.safeParse({ ...person, mobile: 'call me maybe!!' });
    expect(quick.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['mobile', PHONE_INVALID_MESSAGE]]);
    expect(AccountManagerQuickAdd.safeParse({ ...person, mobile: '' }).error?.issues[0]?.message).toBe(
      'The mobile field is required.',
    );
  });
});

describe('web addresses', () => {
  it('takes addresses as people type them', () => {
    for (const v of [
      'www.example.com.au',
      'example.com',
      'https://example.com/path',
      'http://example.com:8080/a?b=c#d',
      'HTTPS://Sub-Domain.Example.co.nz/',
      'sparkright.test',
      'café.com.au',
    ])
      expect(isWebsiteText(v), v).toBe(true);
  });

  it('refuses text with spaces, a host without a dot, other schemes and bare names', () => {
    for (const v of [
      'not a url at all',
      'example',
      'https://localhost',
      'www.example .com',
      'https://exa mple.com',
      'ftp://example.com',
      'mailto:a@example.com',
      'example.com.',
      '.example.com',
      'https://-example.com',
      'example.c',
      'https://',
      'www.example.com/a b',
    ])
      expect(isWebsiteText(v), v).toBe(false);
  });

  it('refuses a bad provider website with the message under the field, and keeps a blank one as null', () => {
    const base = { service_provider_name: 'SparkRight' };
    const bad = ProviderInput.safeParse({ ...base, website: 'not a url at all' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['website', WEBSITE_INVALID_MESSAGE]]);
    expect(ProviderInput.parse({ ...base, website: '  ' }).website).toBeNull();
    expect(ProviderInput.parse({ ...base, website: ' www.example.com.au ' }).website).toBe('www.example.com.au');
  });
});
