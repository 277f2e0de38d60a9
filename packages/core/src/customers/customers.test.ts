import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT, CustomerInput } from './customers.js';

const valid = {
  customer_name: 'Acme Builders',
  name: 'acme-builders',
  email: 'Boss@Acme.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '07 3000 0000',
  position: 'Director',
  address: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

const messages = (input: unknown) => {
  const r = CustomerInput.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('CustomerInput', () => {
  it('accepts a complete customer and lower-cases the e-mail', () => {
    const r = CustomerInput.parse(valid);
    expect(r.email).toBe('boss@acme.test');
    expect(r.staff_pm_flag).toBe(false);
  });

  it('uses the spec messages, double spaces included', () => {
    const m = messages({});
    expect(m.email).toBe('email  is required.');
    expect(m.first_name).toBe('first name is required.');
    expect(m.last_name).toBe('last name  is required.');
    expect(m.customer_name).toBe('company name  is required.');
  });

  it('treats blank strings as missing', () => {
    expect(messages({ ...valid, customer_name: '   ' }).customer_name).toBe(CUSTOMER_TEXT.companyNameRequired);
  });

  it('keeps slugs to lowercase letters, digits and hyphens, not reserved', () => {
    expect(messages({ ...valid, name: 'Acme Co' }).name).toBe(CUSTOMER_TEXT.slugFormat);
    expect(messages({ ...valid, name: '-acme' }).name).toBe(CUSTOMER_TEXT.slugFormat);
    expect(messages({ ...valid, name: 'www' }).name).toBe(CUSTOMER_TEXT.slugReserved);
    expect(messages({ ...valid, name: 'api' }).name).toBe(CUSTOMER_TEXT.slugReserved);
    expect(CustomerInput.parse({ ...valid, name: 'ACME-2' }).name).toBe('acme-2');
  });

  it('accepts postcodes of digits from 0 to 9999 only', () => {
    expect(CustomerInput.parse({ ...valid, postcode: '0800' }).postcode).toBe('0800');
    expect(messages({ ...valid, postcode: '12345' }).postcode).toBe('The postcode must be a number from 0 to 9999.');
    expect(messages({ ...valid, postcode: '40a0' }).postcode).toBe('The postcode must be a number from 0 to 9999.');
  });

  it('accepts only the listed states', () => {
    expect(messages({ ...valid, state: 'XYZ' }).state).toBe(CUSTOMER_TEXT.stateRequired);
    expect(CustomerInput.parse({ ...valid, state: 'OTH' }).state).toBe('OTH');
  });

  it('reads form flags sent as "1"/"0"', () => {
    expect(CustomerInput.parse({ ...valid, staff_pm_flag: '1', staff_system_emails: '0' })).toMatchObject({
      staff_pm_flag: true,
      staff_system_emails: false,
    });
  });
});

describe('one message per empty field', () => {
  it('says only "required" for a blank subdomain and postcode', () => {
    const r = CustomerInput.safeParse({ ...valid, name: '', postcode: '' });
    const byField = (f: string) =>
      r.success ? [] : r.error.issues.filter((i) => i.path[0] === f).map((i) => i.message);
    expect(byField('name')).toEqual([CUSTOMER_TEXT.slugRequired]);
    expect(byField('postcode')).toEqual([CUSTOMER_TEXT.postcodeRequired]);
  });
});
