import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXT, certificateValidity, isInForce } from '../index.js';

describe('certificate validity (by day)', () => {
  const today = '2026-11-21';
  it('is valid when the expiry is today or later, expired when before today', () => {
    expect(certificateValidity('2026-11-21', today)).toBe('valid');
    expect(certificateValidity('2027-01-01', today)).toBe('valid');
    expect(certificateValidity('2026-11-20', today)).toBe('expired');
  });
  it('ignores the time of day', () => {
    expect(certificateValidity('2026-11-21T00:00:00Z', '2026-11-21T23:59')).toBe('valid');
  });
  it('has no validity without an expiry (shown N/A), and such a certificate stays in force', () => {
    expect(certificateValidity(null, today)).toBe('none');
    expect(isInForce('none')).toBe(true);
    expect(isInForce('valid')).toBe(true);
    expect(isInForce('expired')).toBe(false);
  });
});

describe('certificate texts', () => {
  it('keeps the spec wording', () => {
    expect(CERTIFICATE_TEXT.mandatoryCounter(1, 3)).toBe('1 / 3 Valid Mandatory Certificates');
    expect(CERTIFICATE_TEXT.samples(2)).toBe('Samples (2)');
    expect(CERTIFICATE_TEXT.sampleIndex(1, 2)).toBe('1/2');
    expect(CERTIFICATE_TEXT.addNew('White Card')).toBe('Add New White Card');
    expect(CERTIFICATE_TEXT.deleteTitle('White Card')).toBe('Delete White Card?');
    expect(CERTIFICATE_TEXT.deleted).toBe('Certificate Deleted!');
  });
});
