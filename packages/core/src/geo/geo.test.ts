import { describe, expect, it } from 'vitest';
import { stateOfPostcode, stateOfPostcodeByRule } from './geo.js';

describe('postcode to state', () => {
  it('follows the rule of spec 1 section 9', () => {
    expect(stateOfPostcodeByRule(2000)).toBe('NSW');
    expect(stateOfPostcodeByRule(3000)).toBe('VIC');
    expect(stateOfPostcodeByRule(8001)).toBe('VIC');
    expect(stateOfPostcodeByRule(4000)).toBe('QLD');
    expect(stateOfPostcodeByRule(9726)).toBe('QLD');
    expect(stateOfPostcodeByRule(5000)).toBe('SA');
    expect(stateOfPostcodeByRule(6000)).toBe('WA');
    expect(stateOfPostcodeByRule(7000)).toBe('TAS');
    expect(stateOfPostcodeByRule(800)).toBe('NT');
    expect(stateOfPostcodeByRule(2600)).toBe('NSW');
    expect(stateOfPostcodeByRule(200)).toBe('ACT');
  });

  it('prefers the data where postcode and suburb are known', () => {
    const known = (postcode: string, suburb: string | null) =>
      postcode === '2620' && suburb === 'Hume' ? ('ACT' as const) : null;
    expect(stateOfPostcode('2620', 'Hume', known)).toBe('ACT');
    expect(stateOfPostcode('2620', 'Queanbeyan', known)).toBe('NSW');
    expect(stateOfPostcode('800', null, known)).toBe('NT');
    expect(stateOfPostcode('abc', null, known)).toBeNull();
  });
});
