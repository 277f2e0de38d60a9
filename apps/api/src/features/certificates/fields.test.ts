import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXT, certificateValidity, formatCertificateExpiry } from '@siteflow/core';
import { parseDetailsText, validateDetails } from './fields.js';
import { certificateToday } from './service.js';

const defs = {
  class: { label: 'Licence class', type: 'select' as const, required: true, options: ['A', 'B'] },
  level: { label: 'Level', type: 'radio' as const, required: false, options: ['1', '2'] },
  hours: { label: 'Hours', type: 'number' as const, required: false, options: [] },
  assessed: { label: 'Assessed on', type: 'date' as const, required: false, options: [] },
  induction: { label: 'Induction done', type: 'checkbox' as const, required: true, options: [] },
  notes: { label: 'Notes', type: 'text' as const, required: false, options: [] },
};

describe('certificate type fields', () => {
  it('accepts good values, converts numbers and checkboxes, and drops unknown keys', () => {
    const r = validateDetails(defs, {
      class: 'A',
      level: '2',
      hours: '12.5',
      assessed: '2026-02-28',
      induction: 'true',
      notes: '  ok ',
      extra: 'x',
    });
    expect(r.errors).toEqual({});
    expect(r.details).toEqual({
      class: 'A',
      level: '2',
      hours: 12.5,
      assessed: '2026-02-28',
      induction: true,
      notes: 'ok',
    });
  });

  it('reports each problem under details.<key> with the label', () => {
    const r = validateDetails(defs, {
      class: 'C',
      level: '9',
      hours: 'lots',
      assessed: '2026-02-30',
      induction: false,
      notes: { a: 1 },
    });
    expect(r.errors).toEqual({
      'details.class': [CERTIFICATE_TEXT.fieldOption('Licence class')],
      'details.level': [CERTIFICATE_TEXT.fieldOption('Level')],
      'details.hours': [CERTIFICATE_TEXT.fieldNumber('Hours')],
      'details.assessed': [CERTIFICATE_TEXT.fieldDate('Assessed on')],
      'details.induction': [CERTIFICATE_TEXT.fieldRequired('Induction done')],
      'details.notes': [CERTIFICATE_TEXT.fieldText('Notes')],
    });
  });

  it('requires required fields and keeps optional blanks as null', () => {
    const r = validateDetails(defs, { class: ' ', induction: '1' });
    expect(r.errors).toEqual({ 'details.class': ['The Licence class field is required.'] });
    expect(validateDetails(defs, { class: 'B', induction: true }).details).toMatchObject({
      level: null,
      hours: null,
      assessed: null,
      notes: null,
    });
  });

  it('reads details as JSON text of an object', () => {
    expect(parseDetailsText(undefined)).toEqual({});
    expect(parseDetailsText('')).toEqual({});
    expect(parseDetailsText('{"a":1}')).toEqual({ a: 1 });
    expect(parseDetailsText('[1]')).toBeNull();
    expect(parseDetailsText('not json')).toBeNull();
  });
});

describe('validity by day', () => {
  it('counts today as valid and yesterday as expired; no expiry is none', () => {
    expect(certificateValidity('2026-05-10', '2026-05-10')).toBe('valid');
    expect(certificateValidity('2026-05-09', '2026-05-10')).toBe('expired');
    expect(certificateValidity(null, '2026-05-10')).toBe('none');
    expect(formatCertificateExpiry('2026-05-01')).toBe('1st May 2026');
    expect(formatCertificateExpiry(null)).toBe('N/A');
  });

  it('takes today in Brisbane (UTC+10): 20:00 UTC is already the next day', () => {
    const clock = { now: () => new Date('2026-05-09T20:00:00Z') };
    expect(certificateToday(clock)).toBe('2026-05-10');
    expect(certificateToday({ now: () => new Date('2026-05-09T13:59:00Z') })).toBe('2026-05-09');
  });
});
