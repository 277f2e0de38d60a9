import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_PDF_TYPES, QUOTE_TERMS, type AgreementPdfType } from '@siteflow/core';
import type { AgreementDocument, AgreementDocumentSection } from './document.js';
import { AGREEMENT_CONDITIONS, AGREEMENT_PDF_TITLES, agreementPdf } from './pdf.js';
import { HIGH_RISK_WORK, swmsSteps } from './swms-hazards.js';

// The agreement PDFs (SWMS, SOW, JA) from a hand-built document, read back with poppler's
// pdftotext: headings, parties, sections, contract prices and totals, page breaks and numbers.
// What the database must never hand them (sell prices, costs, general notes) is checked by
// pdf.int.test.ts, which loads a real agreement.

const brand = { companyName: 'Acme Fitouts Pty Ltd', logo: null, date: '24/11/2026' };

const section = (over: Partial<AgreementDocumentSection> = {}): AgreementDocumentSection => ({
  id: 1,
  name: 'Roof repairs',
  contract_price: '1234.50',
  items: [
    {
      category: 'Service',
      description: 'Replace roof sheets on a ladder and scaffold',
      long_description: 'Colorbond, matching profile',
      quantity: '12.500',
      supplied_by: 'Service Provider',
    },
    {
      category: 'Product',
      description: 'Roof sheet 6 m',
      long_description: null,
      quantity: '8.000',
      supplied_by: 'Company',
    },
  ],
  ...over,
});

const doc = (over: Partial<AgreementDocument> = {}): AgreementDocument => ({
  agreement: {
    id: 7,
    name: 'Q-0042-SPA1',
    number: 1,
    status: 'Active',
    notes: 'Keys from the front desk.\nNo work before 7 am.',
    updated_at: '2026-11-24T01:00:00+00:00',
    response: null,
  },
  quote: { id: 3, code: 'Q-0042' },
  project: {
    id: 5,
    code: 'P-0005',
    name: 'Office refit',
    site: '1 Test Street, Testville QLD 4000',
    start_date: '2026-12-01 07:00',
    end_date: '2026-12-12 00:00',
    order_reference: null,
  },
  client: 'Client Co',
  company: { address: '9 Main Road, Brisbane QLD 4000', email: 'office@acme.test', phone: '07 3000 0000' },
  provider: {
    id: 'p1',
    name: 'Sparky & Sons',
    director: 'Dana Director',
    email: 'dana@sparky.test',
    phone: '0400 000 001',
    address: '2 Side St, Brisbane QLD 4000',
  },
  project_manager: { name: 'Pat Manager', email: 'pat@acme.test', phone: '0400 000 002' },
  site_contacts: [{ name: 'Site Sam', role: 'Building manager', email: null, phone: '0400 000 003' }],
  sections: [
    section(),
    section({
      id: 2,
      name: 'Switchboard upgrade',
      contract_price: '50000',
      items: [
        {
          category: 'Service',
          description: 'Replace switchboard and cabling',
          long_description: null,
          quantity: '1.000',
          supplied_by: 'Service Provider',
        },
      ],
    }),
  ],
  total: '51234.50',
  ...over,
});

/** The PDF's text, one string per page (pdftotext -layout; pages split on form feeds). */
async function pages(type: AgreementPdfType, d: AgreementDocument): Promise<string[]> {
  const pdf = await agreementPdf(type, d, brand);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = mkdtempSync(join(tmpdir(), 'agreement-pdf-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    const out = spawnSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    return out.stdout.split('\f').filter((p) => p.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs of spaces from the layout collapsed, so phrases wrapped into columns still read. */
const flat = (text: string) => text.replace(/[ \t]+/g, ' ');

const expectPageNumbers = (all: string[]) =>
  all.forEach((pg, i) => expect(pg).toContain(`Page ${i + 1} of ${all.length}`));

describe('agreement PDFs', () => {
  it.each(AGREEMENT_PDF_TYPES)('%s: heading, parties, sections, contract prices and page numbers', async (type) => {
    const all = await pages(type, doc());
    const text = flat(all.join('\n'));
    for (const expected of [
      AGREEMENT_PDF_TITLES[type],
      brand.companyName,
      'Sparky & Sons',
      'Q-0042-SPA1',
      'Roof repairs',
      'Switchboard upgrade',
      '1 Test Street, Testville QLD 4000',
    ])
      expect(text, expected).toContain(expected);
    if (type !== 'swms') {
      for (const price of ['$1,234.50', '$50,000.00', '$51,234.50', '$5,123.45', '$56,357.95'])
        expect(text, price).toContain(price);
      expect(text).toContain('Keys from the front desk.');
    }
    expectPageNumbers(all);
  });

  it('the SWMS: steps, hazards from the work, ratings with the legend, high risk work, PPE, sign-off', async () => {
    const text = flat((await pages('swms', doc())).join('\n'));
    for (const expected of [
      'Principal contractor',
      'Subcontractor (service provider)',
      'Dana Director',
      'Date prepared',
      '24/11/2026',
      '- Replace roof sheets',
      '(12.5)',
      'Falls from height',
      'Electric shock',
      'Slips, trips and falls',
      'Working near the public',
      'Manual handling',
      'Extreme',
      'Almost certain',
      'Catastrophic',
      'Residual risk',
      'Person responsible',
      'Eliminate:',
      'PPE:',
      'Safety boots',
      'Fall-arrest harness',
      '[X] Risk of a person falling more than 2 metres',
      '[X] Work on or near energised electrical installations',
      '[ ] Work likely to involve disturbing asbestos',
      'call 000',
      'Site Sam',
      'Worker sign-off',
      'Signature',
    ])
      expect(text, expected).toContain(expected);
    // A product is supplied, not a work step.
    expect(text).not.toContain('Roof sheet 6 m (8)');
    expect(HIGH_RISK_WORK).toHaveLength(18);
  });

  it('the SWMS ticks high risk work only from the words of the work', () => {
    const steps = (name: string, description: string) =>
      swmsSteps(
        doc({
          sections: [
            section({
              name,
              items: [
                { category: 'Service', description, long_description: null, quantity: '1', supplied_by: 'Company' },
              ],
            }),
          ],
        }),
      );
    const ticked = (name: string, description: string) => [...steps(name, description).highRisk].sort((a, b) => a - b);
    expect(ticked('Painting', 'Paint walls')).toEqual([]);
    expect(ticked('Asbestos', 'Remove fibro sheeting')).toContain(3);
    expect(ticked('Drainage', 'Excavate trench for stormwater')).toContain(6);
    expect(ticked('Digital signage', 'Mount screens')).not.toContain(6);
    expect(ticked('Strip out', 'Demolish load-bearing wall')).toContain(2);
    // Every step has a hazard and the first and last steps are the site's own.
    const { steps: all } = steps('Painting', 'Paint walls');
    expect(all.map((s) => s.hazards.length > 0)).toEqual([true, true, true]);
    expect(all[1]!.hazards.map((h) => h.hazard)).toContain('Hazardous chemicals: skin, eye and breathing exposure');
  });

  it('the SOW: items with long descriptions and quantities, the totals with GST, T&Cs and acceptance', async () => {
    const text = flat((await pages('sow', doc())).join('\n'));
    for (const expected of [
      'Colorbond, matching profile',
      'Roof sheet 6 m',
      '12.5',
      'Contract price (ex. GST)',
      'Total contract price ex. GST',
      'GST (10%)',
      'Total contract price incl. GST',
      QUOTE_TERMS[0],
      'Subcontract conditions',
      AGREEMENT_CONDITIONS[3].slice(0, 40),
      'Acceptance',
      'Principal contractor',
      'Subcontractor',
      'Signature',
    ])
      expect(text, expected).toContain(expected);
  });

  it('the JA: work order number, date issued, provider contact, site contacts, dates and scope summary', async () => {
    const text = flat((await pages('ja', doc())).join('\n'));
    for (const expected of [
      'Work order number',
      'Date issued',
      'Dana Director',
      '0400 000 001',
      'dana@sparky.test',
      'Site Sam',
      'Building manager',
      'Pat Manager',
      'Project manager',
      '01/12/2026 7:00 am',
      '12/12/2026',
      'Scope summary',
    ])
      expect(text, expected).toContain(expected);
  });

  it.each(AGREEMENT_PDF_TYPES)('%s: a 40-section agreement breaks pages, each numbered', async (type) => {
    const sections = Array.from({ length: 40 }, (_, i) =>
      section({ id: i + 1, name: `Area ${i + 1} works`, contract_price: '1000.00' }),
    );
    const all = await pages(type, doc({ sections, total: '40000.00' }));
    expect(all.length).toBeGreaterThan(1);
    expect(all[1]).toContain(`Page 2 of ${all.length}`);
    expectPageNumbers(all);
    all.forEach((pg) => expect(pg.replace(/Page \d+ of \d+/, '').trim().length).toBeGreaterThan(40));
    const text = flat(all.join('\n'));
    expect(text).toContain('Area 1 works');
    expect(text).toContain('Area 40 works');
    if (type !== 'swms') expect(text).toContain('$40,000.00');
  });

  it.each(AGREEMENT_PDF_TYPES)(
    '%s: a 5,000-character description or an 80-item section still lays out on numbered pages',
    async (type) => {
      // A 5,000-character long description (the Product limit) and a section of 80 items.
      const words = Array.from({ length: 700 }, (_, i) => `word${i + 1}`).join(' ');
      const items = Array.from({ length: 80 }, (_, i) => ({
        category: 'Service',
        description: `Install fitting number ${i + 1}`,
        long_description: i === 0 ? words : null,
        quantity: '1.000',
        supplied_by: 'Company',
      }));
      const all = await pages(type, doc({ sections: [section({ name: 'Big section', items })] }));
      expectPageNumbers(all);
      const text = flat(all.join('\n'));
      expect(text).toContain('Big section');
      if (type === 'sow') expect(text).toContain('Install fitting number 80');
      if (type === 'swms') expect(text).toContain('- and 68 more');
      if (type === 'sow') for (const w of ['word1 ', 'word350 ', 'word700']) expect(text).toContain(w);
    },
  );

  it.each(AGREEMENT_PDF_TYPES)('%s: the company logo when it has one; an unreadable one is left out', async (type) => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const images = async (logo: Buffer) => {
      const dir = mkdtempSync(join(tmpdir(), 'agreement-logo-'));
      try {
        writeFileSync(join(dir, 'a.pdf'), await agreementPdf(type, doc(), { ...brand, logo }));
        const out = spawnSync('pdfimages', ['-list', join(dir, 'a.pdf')], { encoding: 'utf8' });
        expect(out.status, out.stderr).toBe(0);
        return out.stdout
          .split('\n')
          .slice(2)
          .filter((l) => l.trim().split(/\s+/)[2] === 'image').length;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(await images(png)).toBe(1);
    expect(await images(Buffer.from('not an image'))).toBe(0);
  });

  it.each(AGREEMENT_PDF_TYPES)(
    '%s: an agreement with no sections, no provider and no contacts still renders',
    async (type) => {
      const all = await pages(
        type,
        doc({
          sections: [],
          total: '0.00',
          provider: null,
          site_contacts: [],
          project_manager: null,
          agreement: { ...doc().agreement, notes: null, status: 'VOID' },
          project: { ...doc().project, start_date: null, end_date: null, site: '' },
        }),
      );
      const text = flat(all.join('\n'));
      expect(text).toContain(AGREEMENT_PDF_TITLES[type]);
      expect(text).toContain('VOID');
      expectPageNumbers(all);
      if (type !== 'swms') expect(text).toContain('$0.00');
    },
  );
});
