import { describe, expect, it } from 'vitest';
import { autoFillToday, formatDetailDate, formatSearchDate, toInputDateTime } from './dates.js';
import { formatProjectCode } from './code.js';
import { pruneServices, servicesForCategories } from './services-pruning.js';
import {
  canTransition,
  isAssignable,
  PROJECT_STATUS_LABELS,
  PROJECT_TRANSITIONS,
  showsCompletedDate,
} from './statuses.js';
import { z } from 'zod';
import { ProjectCreate, SiteContactView } from './contracts.js';
import { PROJECT_TEXT } from './texts.js';
import { projectScope } from './visibility.js';

describe('project codes', () => {
  it('are readable and zero-padded per tenant sequence', () => {
    expect(formatProjectCode(1)).toBe('PRJ-00001');
    expect(formatProjectCode(123456)).toBe('PRJ-123456');
  });
});

describe('project dates', () => {
  it("formats the details screen date as 'dddd, Do MMMM YYYY' with ' h:mm A'", () => {
    expect(formatDetailDate('2026-11-21T08:00')).toBe('Saturday, 21st November 2026 8:00 AM');
    expect(formatDetailDate('2026-11-02T17:30', false)).toBe('Monday, 2nd November 2026');
    expect(formatDetailDate(null)).toBe('');
  });

  it("shows an instant (Date Change History's Changed At) on the company's clock, Australia/Brisbane", () => {
    expect(formatDetailDate('2026-12-07T12:01:00.000Z')).toBe('Monday, 7th December 2026 10:01 PM');
    expect(toInputDateTime(new Date('2026-12-07T14:30:00Z'))).toBe('2026-12-08T00:30');
    expect(toInputDateTime('2026-12-07T12:01')).toBe('2026-12-07T12:01');
  });

  it('formats the quick search start date as DD-MM-YY', () => {
    expect(formatSearchDate('2026-03-09T08:00')).toBe('09-03-26');
  });

  it("'Auto Fill Today' sets 08:00 to 17:00 today on the company's clock", () => {
    expect(autoFillToday(new Date('2026-11-21T03:45:00Z'))).toEqual({
      start_date: '2026-11-21T08:00',
      end_date: '2026-11-21T17:00',
    });
    // 22:30 UTC on the 20th is already the 21st in Brisbane, whatever the browser's zone.
    expect(autoFillToday(new Date('2026-11-20T22:30:00Z')).start_date).toBe('2026-11-21T08:00');
  });
});

describe('category/service pruning', () => {
  const links = [
    { category_id: 'c1', service_id: 's1', service_name: 'Wiring' },
    { category_id: 'c1', service_id: 's2', service_name: 'Alarms' },
    { category_id: 'c2', service_id: 's2', service_name: 'Alarms' },
    { category_id: 'c2', service_id: 's3', service_name: 'Cabling' },
  ];

  it('offers only services of the selected categories, once each, by name', () => {
    expect(servicesForCategories(['c1', 'c2'], links).map((s) => s.name)).toEqual(['Alarms', 'Cabling', 'Wiring']);
    expect(servicesForCategories([], links)).toEqual([]);
  });

  it('removes services that no longer belong to any remaining category', () => {
    expect(pruneServices(['c2'], ['s1', 's2', 's3'], links)).toEqual(['s2', 's3']);
    expect(pruneServices([], ['s1'], links)).toEqual([]);
  });
});

describe('project statuses', () => {
  it('has the seven labels of the spec', () => {
    expect(Object.values(PROJECT_STATUS_LABELS)).toEqual([
      'Quote',
      'On Hold',
      'Order',
      'Scheduled',
      'Completed',
      'Cancelled',
      'Closed',
    ]);
  });

  it('allows the documented transitions only', () => {
    expect(canTransition('scheduled', 'completed')).toBe(true);
    expect(canTransition('quote', 'completed')).toBe(false);
    expect(PROJECT_TRANSITIONS.closed).toEqual([]);
    for (const [from, tos] of Object.entries(PROJECT_TRANSITIONS)) expect(tos).not.toContain(from);
  });

  it('shows the completed date for completed and closed projects and assigns only open ones', () => {
    expect(showsCompletedDate('completed')).toBe(true);
    expect(showsCompletedDate('closed')).toBe(true);
    expect(showsCompletedDate('scheduled')).toBe(false);
    expect(isAssignable('cancelled')).toBe(false);
    expect(isAssignable('order')).toBe(true);
  });
});

describe('ProjectCreate', () => {
  const valid = {
    name: 'Fit-out',
    project_manager: '0b6f0d55-8c1c-4d38-9a50-7f0c1c5a2a01',
    project_administrator: '0b6f0d55-8c1c-4d38-9a50-7f0c1c5a2a01',
    client: '0b6f0d55-8c1c-4d38-9a50-7f0c1c5a2a02',
    client_am: '0b6f0d55-8c1c-4d38-9a50-7f0c1c5a2a03',
    order_reference: 'PO-1',
    categories: ['0b6f0d55-8c1c-4d38-9a50-7f0c1c5a2a04'],
    services: ['0b6f0d55-8c1c-4d38-9a50-7f0c1c5a2a05'],
    street: '1 Queen St',
    suburb: 'Brisbane City',
    state: 'QLD',
    postcode: '4000',
    site_contacts: [{ name: 'Sam Site' }],
  };

  it('accepts a complete payload with the defaults of the spec', () => {
    const p = ProjectCreate.parse(valid);
    expect(p.linked_project_type).toBe('master');
    expect(p.country).toBe('Australia');
  });

  it('keys site-contact errors as site_contacts.{index}.{field}', () => {
    const r = ProjectCreate.safeParse({ ...valid, site_contacts: [{ name: 'ok' }, { name: '' }] });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toContain('site_contacts.1.name');
  });

  it('refuses an end before the start', () => {
    const r = ProjectCreate.safeParse({ ...valid, start_date: '2026-11-21T17:00', end_date: '2026-11-21T08:00' });
    expect(r.success ? null : r.error.issues.find((i) => i.path[0] === 'end_date')?.message).toBe(
      PROJECT_TEXT.endBeforeStart,
    );
  });

  it('answers a malformed date once', () => {
    const r = ProjectCreate.safeParse({ ...valid, start_date: '21/11/2026' });
    expect(r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'start_date').map((i) => i.message)).toEqual([
      PROJECT_TEXT.dateFormat,
    ]);
  });

  it('refuses a date that does not exist and an hour past 23, on the field, once', () => {
    for (const [field, value] of [
      ['start_date', '2027-02-30T08:00'],
      ['start_date', '2027-01-01T24:00'],
      ['end_date', '2027-04-31T17:00'],
      ['end_date', '2027-01-01T12:60'],
    ]) {
      const r = ProjectCreate.safeParse({ ...valid, start_date: '2027-01-01T08:00', [field!]: value });
      expect(
        r.success ? [] : r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message),
        `${field}=${value}`,
      ).toEqual([PROJECT_TEXT.dateNotReal]);
    }
    expect(ProjectCreate.parse({ ...valid, start_date: '2028-02-29T23:59' }).start_date).toBe('2028-02-29T23:59');
  });

  it('site contacts in responses can be encoded (no transforms)', () => {
    const contact = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Sam',
      position: null,
      email: 'sam@site.test',
      phone: null,
      note: null,
    };
    expect(z.encode(SiteContactView, contact)).toEqual(contact);
  });

  it('names every missing required field', () => {
    const r = ProjectCreate.safeParse({});
    const fields = r.success ? [] : r.error.issues.map((i) => String(i.path[0]));
    expect(fields).toEqual(
      expect.arrayContaining([
        'name',
        'project_manager',
        'project_administrator',
        'client',
        'client_am',
        'order_reference',
        'categories',
        'services',
        'street',
        'suburb',
        'state',
        'postcode',
        'site_contacts',
      ]),
    );
  });
});

describe('projectScope', () => {
  it('limits client and provider users to their own projects', () => {
    expect(projectScope({ role: 'company_employee', clientId: null, providerId: null })).toEqual({ kind: 'all' });
    expect(projectScope({ role: 'client_am', clientId: 'c', providerId: null })).toEqual({
      kind: 'client',
      clientId: 'c',
    });
    expect(projectScope({ role: 'sp_admin', clientId: null, providerId: 'p' })).toEqual({
      kind: 'provider',
      providerId: 'p',
    });
    expect(projectScope({ role: 'platform_admin', clientId: null, providerId: null })).toEqual({ kind: 'none' });
  });
});
