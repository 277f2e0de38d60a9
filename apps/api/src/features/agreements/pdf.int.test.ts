import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_PDF_TYPES } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { asOwner, createTenant, createUser, ownerPool, type TestTenant } from '../../../test/harness.js';
import { queryCounter } from '../../../test/query-counter.js';
import {
  quoteLineItems,
  quoteSections,
  quotes,
  serviceProviderAgreementSections,
  serviceProviderAgreements,
  serviceProviders,
  siteContacts,
} from '../../platform/db/schema.js';
import { loadAgreementDocument } from './document.js';
import { AGREEMENT_PDF_TITLES, agreementPdf } from './pdf.js';

// The agreement PDFs from the database (issue 14 section 1): loadAgreementDocument reads what the
// documents show in one statement, and the three PDFs (read back with poppler's pdftotext) show the
// provider, the owned sections and their contract prices, and never what is the company's own: the
// unit sell prices, unit costs, general notes and section notes planted in the quote, or a section
// the agreement does not own.

const SELL = '987.65';
const COST = '432.10';
const GENERAL_NOTE = 'Internal: supplier discount 10 percent';
const SECTION_NOTE = 'Client-facing section note, not for the provider';
const NOT_OURS = 'Landscaping by another provider';

let a: TestTenant, b: TestTenant;
let agreementId: number, voidId: number, emptyId: number;
let providerName: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const manager = await createUser(a, 'company_employee', {
    firstName: 'Pat',
    lastName: 'Manager',
    phone: '0400 000 002',
  });
  const client = await factories.createClientCo(a);
  const provider = await factories.createProvider(a, `Sparky ${Date.now()} & Sons`);
  providerName = provider.name;
  const project = await factories.createProject(a, client, { managerId: manager.id, providerId: provider.id });
  await asOwner(a.id, async (tx) => {
    await tx
      .update(serviceProviders)
      .set({ directorName: 'Dana Director', phone: '0400 000 001' })
      .where(eq(serviceProviders.id, provider.id));
    await tx
      .update(siteContacts)
      .set({ role: 'Building manager', phone: '0400 000 003' })
      .where(eq(siteContacts.projectId, project.id));
    const [q] = await tx
      .insert(quotes)
      .values({ tenantId: a.id, projectId: project.id, number: 1, code: `Q-${project.code}-1`, status: 'Accepted' })
      .returning({ id: quotes.id });
    const sections = await tx
      .insert(quoteSections)
      .values(
        ['Roof repairs', 'Switchboard upgrade', NOT_OURS, 'Painting'].map((name, position) => ({
          tenantId: a.id,
          quoteId: q!.id,
          position,
          name,
          note: SECTION_NOTE,
        })),
      )
      .returning({ id: quoteSections.id, name: quoteSections.name });
    const line = (sectionId: number, position: number, description: string, category = 'Service') => ({
      tenantId: a.id,
      quoteId: q!.id,
      sectionId,
      position,
      category,
      description,
      longDescription: `${description}, long`,
      generalNotes: GENERAL_NOTE,
      suppliedBy: 'Company',
      quantity: '2.500',
      unitSellPrice: SELL,
      unitCost: COST,
    });
    const [roof, board, other, paint] = sections;
    await tx
      .insert(quoteLineItems)
      .values([
        line(roof!.id, 0, 'Replace roof sheets from scaffold'),
        line(roof!.id, 1, 'Roof sheet 6 m', 'Product'),
        line(board!.id, 0, 'New switchboard and cabling'),
        line(other!.id, 0, 'Plant hedges'),
        line(paint!.id, 0, 'Paint walls'),
      ]);
    const agreement = (number: number, status: 'Active' | 'VOID' = 'Active') => ({
      tenantId: a.id,
      quoteId: q!.id,
      projectId: project.id,
      number,
      name: `Q-${project.code}-1-SPA${number}`,
      status,
      serviceProviderId: status === 'VOID' ? null : provider.id,
      notes: number === 1 ? 'Keys from the front desk.' : null,
    });
    const [main, voided, empty] = await tx
      .insert(serviceProviderAgreements)
      .values([agreement(1), agreement(2, 'VOID'), { ...agreement(3), serviceProviderId: null }])
      .returning({ id: serviceProviderAgreements.id });
    [agreementId, voidId, emptyId] = [main!.id, voided!.id, empty!.id];
    await tx.insert(serviceProviderAgreementSections).values([
      { tenantId: a.id, agreementId, sectionId: roof!.id, contractPrice: '1234.50' },
      { tenantId: a.id, agreementId, sectionId: board!.id, contractPrice: '50000.00' },
      // The void agreement once held Painting: its row is inactive, the section is free.
      { tenantId: a.id, agreementId: voidId, sectionId: paint!.id, contractPrice: '700.00', active: false },
    ]);
  });
});

const load = (tenant: TestTenant, id: number) => asOwner(tenant.id, (tx) => loadAgreementDocument(tx, id));

async function pdfText(pdf: Buffer): Promise<string[]> {
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

const brand = () => ({ companyName: a.name, logo: null, date: '24/11/2026' });

describe('loadAgreementDocument', () => {
  it('reads the agreement, project, people and owned sections with their items, nothing of the company’s prices', async () => {
    const doc = await load(a, agreementId);
    expect(doc.agreement).toMatchObject({ id: agreementId, status: 'Active', notes: 'Keys from the front desk.' });
    expect(doc.provider).toMatchObject({ name: providerName, director: 'Dana Director', phone: '0400 000 001' });
    expect(doc.provider!.address).toBe('1 Queen Street, Brisbane City QLD 4000');
    expect(doc.project).toMatchObject({
      site: '1 Test Street, Testville QLD 4000',
      start_date: '2026-11-21 08:00',
      end_date: '2026-11-21 17:00',
    });
    expect(doc.project_manager).toMatchObject({ name: 'Pat Manager', phone: '0400 000 002' });
    expect(doc.site_contacts).toEqual([
      { name: 'Site Sam', role: 'Building manager', email: null, phone: '0400 000 003' },
    ]);
    expect(doc.company).toMatchObject({ address: '1 Test Street, Testville QLD 4000', phone: '07 3000 0000' });
    expect(doc.sections.map((s) => [s.name, s.contract_price])).toEqual([
      ['Roof repairs', '1234.50'],
      ['Switchboard upgrade', '50000.00'],
    ]);
    expect(doc.sections[0]!.items).toEqual([
      {
        category: 'Service',
        description: 'Replace roof sheets from scaffold',
        long_description: 'Replace roof sheets from scaffold, long',
        quantity: '2.500',
        supplied_by: 'Company',
      },
      expect.objectContaining({ category: 'Product', description: 'Roof sheet 6 m' }),
    ]);
    expect(doc.total).toBe('51234.50');
    const everything = JSON.stringify(doc);
    for (const secret of [SELL, COST, GENERAL_NOTE, SECTION_NOTE, NOT_OURS]) expect(everything).not.toContain(secret);
  });

  it('a void agreement keeps the sections it held; one with no sections and no provider loads empty', async () => {
    const voided = await load(a, voidId);
    expect(voided.agreement.status).toBe('VOID');
    expect(voided.sections.map((s) => s.name)).toEqual(['Painting']);
    expect(voided.total).toBe('700.00');
    const empty = await load(a, emptyId);
    expect(empty.sections).toEqual([]);
    expect(empty.total).toBe('0.00');
    expect(empty.provider).toBeNull();
  });

  it('is one statement, whatever the number of sections, items and contacts', async () => {
    const count = queryCounter(ownerPool());
    const ok = { status: 200 };
    const empty = await count(() => asOwner(a.id, async () => ok));
    const loaded = await count(async () => (await load(a, agreementId), ok));
    expect(loaded - empty).toBe(1);
  });

  it('totals 101 sections at the largest contract price without overflow', async () => {
    // A contract price may be $9,999,999,999.99 (10 digits); the total once went through
    // numeric(14,2), so 101 such sections failed the load and the PDF download with a 500.
    const MAX = '9999999999.99';
    const bigId = await asOwner(a.id, async (tx) => {
      const [agreement] = await tx
        .select({ quoteId: serviceProviderAgreements.quoteId, projectId: serviceProviderAgreements.projectId })
        .from(serviceProviderAgreements)
        .where(eq(serviceProviderAgreements.id, agreementId));
      const sections = await tx
        .insert(quoteSections)
        .values(
          Array.from({ length: 101 }, (_, i) => ({
            tenantId: a.id,
            quoteId: agreement!.quoteId,
            position: 100 + i,
            name: `Stage ${i + 1}`,
          })),
        )
        .returning({ id: quoteSections.id });
      const [big] = await tx
        .insert(serviceProviderAgreements)
        .values({
          tenantId: a.id,
          quoteId: agreement!.quoteId,
          projectId: agreement!.projectId,
          number: 9,
          name: 'Q-BIG-SPA9',
          status: 'Active',
        })
        .returning({ id: serviceProviderAgreements.id });
      await tx
        .insert(serviceProviderAgreementSections)
        .values(sections.map((s) => ({ tenantId: a.id, agreementId: big!.id, sectionId: s.id, contractPrice: MAX })));
      return big!.id;
    });
    const doc = await load(a, bigId);
    expect(doc.sections).toHaveLength(101);
    expect(doc.total).toBe('1009999999998.99');
    const text = (await pdfText(await agreementPdf('sow', doc, brand()))).join('\n');
    expect(text).toContain('$1,009,999,999,998.99');
  });

  it('another tenant’s agreement, or none, is 404', async () => {
    await expect(load(b, agreementId)).rejects.toMatchObject({ status: 404 });
    await expect(load(a, 2 ** 40)).rejects.toMatchObject({ status: 404 });
  });
});

describe('agreement PDFs from the database', () => {
  it.each(AGREEMENT_PDF_TYPES)(
    '%s shows the provider, the owned sections and prices, never sell prices, costs or notes',
    async (type) => {
      const pages = await pdfText(await agreementPdf(type, await load(a, agreementId), brand()));
      const text = pages.join('\n').replace(/[ \t]+/g, ' ');
      for (const expected of [AGREEMENT_PDF_TITLES[type], providerName, 'Roof repairs', 'Switchboard upgrade'])
        expect(text, expected).toContain(expected);
      if (type !== 'swms')
        for (const price of ['$1,234.50', '$50,000.00', '$51,234.50']) expect(text, price).toContain(price);
      for (const secret of [
        SELL,
        '$987.65',
        COST,
        '$432.10',
        '$2,469.13',
        GENERAL_NOTE,
        SECTION_NOTE,
        NOT_OURS,
        'Painting',
      ])
        expect(text, secret).not.toContain(secret);
      pages.forEach((pg, i) => expect(pg).toContain(`Page ${i + 1} of ${pages.length}`));
    },
  );

  it.each(AGREEMENT_PDF_TYPES)('%s renders an agreement with no sections and no provider', async (type) => {
    const pages = await pdfText(await agreementPdf(type, await load(a, emptyId), brand()));
    const text = pages.join('\n');
    expect(text).toContain(AGREEMENT_PDF_TITLES[type]);
    expect(text).toContain('No sections are allocated to this agreement.');
  });
});
