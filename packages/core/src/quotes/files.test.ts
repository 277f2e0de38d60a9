import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  gstTotals,
  importableLabel,
  importedCloneText,
  ImportableQuery,
  neutraliseCell,
  QuoteCloneInput,
  restoreCell,
  systemCsvName,
  clientXlsxName,
} from './files.js';

describe('spreadsheet cells', () => {
  it('neutralises cells starting with = + - @ tab or CR with a single quote', () => {
    for (const v of ['=1+1', '+61 400', '-5', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(v)).toBe(`'${v}`);
    for (const v of ['Labour', '1.50', '', ' =not first', 'a=b']) expect(neutraliseCell(v)).toBe(v);
    // A text that already starts with a quote keeps it: one more is added.
    expect(neutraliseCell("'quoted")).toBe("''quoted");
  });

  it('restores exactly what was neutralised, for any text', () => {
    fc.assert(fc.property(fc.string(), (v) => restoreCell(neutraliseCell(v)) === v));
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'"), fc.string(), (start, rest) => {
        const cell = neutraliseCell(start + rest);
        return cell.startsWith("'") && restoreCell(cell) === start + rest;
      }),
    );
  });
});

describe('GST', () => {
  it('is 10 % of the total ex. GST to the cent (half up), and the total incl. GST adds up', () => {
    expect(gstTotals('895.91')).toEqual({ ex_gst: '895.91', gst: '89.59', inc_gst: '985.50' });
    expect(gstTotals('950.28')).toEqual({ ex_gst: '950.28', gst: '95.03', inc_gst: '1045.31' });
    expect(gstTotals('0.05')).toEqual({ ex_gst: '0.05', gst: '0.01', inc_gst: '0.06' });
    expect(gstTotals(0)).toEqual({ ex_gst: '0.00', gst: '0.00', inc_gst: '0.00' });
  });
});

describe('names and texts', () => {
  it('names the files and the import dialog as the spec does', () => {
    expect(systemCsvName('Q-PRJ-00012-1 R2')).toBe('Q-PRJ-00012-1 R2_SYSTEM.csv');
    expect(clientXlsxName('Q-PRJ-00012-1')).toBe('Q-PRJ-00012-1_CLIENT.xlsx');
    expect(importedCloneText('Q-PRJ-00012-1')).toBe('Your quote: Q-PRJ-00012-1 was successfully imported!');
    expect(
      importableLabel({
        code: 'Q-P-1',
        project: { id: 1, code: 'P', title: 'Fitout' },
        client: { id: 'c', trading_name: 'Acme' },
      }),
    ).toBe('Q-P-1 | P Fitout | Acme');
  });
});

describe('inputs', () => {
  it('reads the importable filters: 365 days by default, tags as a list, periods from the list only', () => {
    expect(ImportableQuery.parse({})).toEqual({ tags: [], period: '365' });
    const id = '0b0c8d4e-7f56-4a55-9d57-3c1f4a1b2c3d';
    expect(ImportableQuery.parse({ tags: `${id},${id}`, period: 'all_time', project: '12', client: id })).toEqual({
      tags: [id, id],
      period: 'all_time',
      project: 12,
      client: id,
    });
    expect(ImportableQuery.safeParse({ period: '3' }).success).toBe(false);
    expect(ImportableQuery.safeParse({ tags: 'nope' }).success).toBe(false);
  });

  it('takes a quote and its sections (none = all), without repeats', () => {
    expect(QuoteCloneInput.parse({ quote_id: 4 })).toEqual({ quote_id: 4, sections: [] });
    expect(QuoteCloneInput.parse({ quote_id: 4, sections: [3, 3, 1] })).toEqual({ quote_id: 4, sections: [3, 1] });
    expect(QuoteCloneInput.safeParse({ sections: [] }).success).toBe(false);
  });
});
