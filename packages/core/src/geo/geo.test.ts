import { describe, expect, it } from 'vitest';
import { stateOfPostcode, stateOfPostcodeByRule } from './geo.js';

describe('postcode to state', () => {
  it('follows the rule of spec 1 section 9', () => {
    const postcodesOf: Record<string, number[]> = {
      NSW: [2000, 2600],
      VIC: [3000, 8001],
      QLD: [4000, 9726],
      SA: [5000],
      WA: [6000],
      TAS: [7000],
      NT: [800],
      ACT: [200],
    };
    for (const [state, postcodes] of Object.entries(postcodesOf))
      for (const postcode of postcodes) expect(stateOfPostcodeByRule(postcode), String(postcode)).toBe(state);
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
