import { describe, expect, it } from 'vitest';
import { STAFF_TEXT, StaffInput } from './staff.js';

const valid = {
  first_name: 'Mia',
  last_name: 'Thompson',
  email: 'mia@demo.test',
  phone: '0412 555 103',
  address: '1 Demo St',
  suburb: 'Fortitude Valley',
  state: 'QLD',
  postcode: '4006',
};

describe('StaffInput', () => {
  it('enforces the fields the form marks as required', () => {
    const r = StaffInput.safeParse({});
    const fields = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'phone', 'address', 'suburb', 'state', 'postcode']),
    );
    expect(r.success ? '' : r.error.issues.find((i) => i.path[0] === 'first_name')?.message).toBe(
      STAFF_TEXT.firstNameRequired,
    );
  });

  it("reads the '1'/'0' flags and defaults them", () => {
    expect(StaffInput.parse(valid)).toMatchObject({ is_project_manager: '0', notifications: '1' });
    expect(StaffInput.parse(valid).position).toBeUndefined();
    expect(StaffInput.parse({ ...valid, is_project_manager: true, notifications: '0' })).toMatchObject({
      is_project_manager: '1',
      notifications: '0',
    });
  });

  it('accepts only staff roles', () => {
    expect(StaffInput.safeParse({ ...valid, role: 'platform_admin' }).success).toBe(false);
    expect(StaffInput.parse({ ...valid, role: 'company_admin' }).role).toBe('company_admin');
  });
});
