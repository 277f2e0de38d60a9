import { describe, expect, it } from 'vitest';
import { mobileE164 } from './phone.js';

describe('mobileE164', () => {
  it('reads Australian mobiles as people write them (AU by default) and gives E.164', () => {
    for (const written of [
      '0412 345 678',
      '0412345678',
      '+61 412 345 678',
      '+61412345678',
      '(0412) 345-678',
      ' +61412345678 ',
    ]) {
      expect(mobileE164(written)).toBe('+61412345678');
    }
  });

  it('keeps a number with its own country code; reads one without it as the given country', () => {
    expect(mobileE164('+44 7911 123456')).toBe('+447911123456');
    expect(mobileE164('021 123 4567', 'NZ')).toBe('+64211234567');
    expect(mobileE164('+1 415 555 2671')).toBe('+14155552671'); // US: fixed line or mobile, cannot tell
  });

  it('refuses landlines, wrong lengths and text', () => {
    for (const bad of ['(07) 3123 4567', '0412 345', '0412 345 6789', '12345', '', 'call me']) {
      expect(mobileE164(bad)).toBeNull();
    }
  });
});
