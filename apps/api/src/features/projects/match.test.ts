import { describe, expect, it } from 'vitest';
import { closestWord, editDistance, normaliseTerm, wordsOf } from './match.js';

describe('normaliseTerm', () => {
  it('lower-cases and collapses spaces', () => {
    expect(normaliseTerm('  Queen   STREET ')).toBe('queen street');
  });

  it('writes a project code the way it is stored, forgiving a letter O or l for a digit', () => {
    for (const q of ['PRJ-00012', 'prj 12', 'PRJ12', 'prj#12', 'PRJ-0O012', 'prj-l2'])
      expect(normaliseTerm(q), q).toBe('prj-00012');
    expect(normaliseTerm('prj 123456')).toBe('prj-123456');
  });

  it('keeps a code being typed as the start of a code', () => {
    expect(normaliseTerm('PRJ-000')).toBe('prj-000');
    expect(normaliseTerm('prj-0005')).toBe('prj-0005');
    expect(normaliseTerm('PRJ-0O05')).toBe('prj-0005');
  });

  it('leaves other terms alone', () => {
    expect(normaliseTerm('prj office')).toBe('prj office');
    expect(normaliseTerm('prj-oil')).toBe('prj-oil');
    expect(normaliseTerm('12 eagle st')).toBe('12 eagle st');
  });
});

describe('typing slips', () => {
  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('souhtern', 'southern')).toBe(1);
    expect(editDistance('brisbnae', 'brisbane')).toBe(1);
    expect(editDistance('pont', 'point')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('picks the closest vocabulary word, within a budget that grows with the word', () => {
    const words = (...w: string[]) => w.map((word, i) => ({ word, similarity: 1 - i / 10 }));
    expect(closestWord('cleint', words('clean', 'client', 'clients'))).toBe('client');
    expect(closestWord('pont', words('point', 'pond', 'bridge'))).toBe('point'); // a tie on edits: the more similar
    expect(closestWord('xyz', words('abc'))).toBeNull();
    expect(closestWord('refurbishmnet', words('refurbishment'))).toBe('refurbishment');
  });
});

describe('wordsOf', () => {
  it('splits like the vocabulary: runs of letters and digits', () => {
    expect(wordsOf('cctv, penrith  prj-00012')).toEqual(['cctv', 'penrith', 'prj', '00012']);
  });
});
