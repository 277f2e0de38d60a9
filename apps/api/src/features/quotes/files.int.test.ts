import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_FILE_TEXT, QUOTE_TERMS, QUOTE_TEXT, SYSTEM_CSV_COLUMNS, type QuoteView } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { eq } from 'drizzle-orm';
import { tenants } from '../../platform/db/schema.js';
import { asOwner, createUser, formData, pngBytes } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

// A quote's files (issue 13 section 2): System Friendly CSV export and re-import (identical),
// neutralised cells, the Client Friendly XLSX read back, the PDF's text (poppler's pdftotext),
// import errors (422, never 500), cloning and attaching sections, tenants and roles.
let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As, asClientUser: As, asEmployee: As;
let client: factories.TestClient;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  client = await factories.createClientCo(a);
  const [clientUser, employee] = await Promise.all([
    factories.createClientUser(a, client.id, 'client_admin'),
    createUser(a, 'company_employee'),
  ]);
  [asClientUser, asEmployee] = await Promise.all([signedIn(t, a, clientUser), signedIn(t, a, employee)]);
});
afterAll(() => t.close());

const newProject = () => factories.createProject(a, client);
const url = (projectId: number, rest = '') => `/api/projects/${projectId}/quotes${rest}`;

const item = (over: Record<string, unknown> = {}) => ({
  category: 'Service',
  description: 'Labour',
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: '1',
  unit_cost: '0',
  ...over,
});

const INTERNAL = 'Internal: supplier discount 10%';
const HOSTILE = '=HYPERLINK("http://evil.example","x")';

/** Three sections (one empty), texts with commas, quotes, line breaks and formula starts. */
const content = () => ({
  note: 'Valid for 30 days.\nPrices in AUD, "firm".',
  sections: [
    {
      name: 'Kitchen, upstairs',
      note: '+ back wall first',
      line_items: [
        item({ description: HOSTILE, quantity: '3', unit_sell_price: '0.10', unit_cost: '0.07' }),
        item({
          category: 'Product',
          description: 'Mixer tap',
          long_description: "'quoted already\nsecond line",
          quantity: '2',
          unit_sell_price: '149.99',
          unit_cost: '99.95',
          general_notes: INTERNAL,
          supplied_by: 'Client',
          product: {
            product_code: '-MT-1',
            supplier_name: '@Taps Co',
            eta: '2026-12-24',
            order_status: 'Ordered',
            company_purchase_order_reference: 'PO 77',
            consignment_tracking_link: 'https://track.example/1',
          },
        }),
        item({
          category: 'Other',
          description: 'Waste removal',
          long_description: '\tIndented\r\nCRLF kept',
          quantity: '1.5',
          unit_sell_price: '33.33',
          unit_cost: '20',
        }),
      ],
    },
    { name: 'Empty one', note: null, line_items: [] },
    {
      name: 'Bathroom',
      line_items: [item({ description: 'Tiling', quantity: '12.125', unit_sell_price: '45', unit_cost: '30' })],
    },
  ],
});

async function quoteWith(projectId: number, body = content()): Promise<QuoteView> {
  const created = await asA({ method: 'POST', url: url(projectId) });
  expect(created.status, created.text).toBe(201);
  const res = await asA({
    method: 'PUT',
    url: url(projectId, `/${created.json.id}`),
    body: { version: created.json.version, ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as QuoteView;
}

/** What must be identical after a round trip: everything but ids, code, version and dates. */
const comparable = (q: QuoteView) => ({
  note: q.note,
  status: q.status,
  totals: q.totals,
  sections: q.sections.map((s) => ({
    name: s.name,
    note: s.note,
    position: s.position,
    totals: s.totals,
    line_items: s.line_items.map(({ id: _id, ...l }) => l),
  })),
});

const csvFile = (text: string | Buffer, filename = 'quote.csv') =>
  formData({}, { data: Buffer.isBuffer(text) ? text : Buffer.from(text), filename, type: 'text/csv' });

async function exportCsv(projectId: number, q: QuoteView, body?: unknown) {
  const res = await asA({ method: 'POST', url: url(projectId, `/${q.id}/export/system.csv`), body });
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('System Friendly CSV', () => {
  it('exports every field (a Draft is saved first) and imports back as an identical new Draft', async () => {
    const p = await newProject();
    const q = await quoteWith(p.id);
    // The export carries the editor's unsaved change: it is saved, then exported.
    const edited = content();
    edited.sections[2]!.name = 'Bathroom (edited)';
    const res = await exportCsv(p.id, q, { version: q.version, ...edited });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`filename="${q.code}_SYSTEM.csv"`);
    const after = await asA({ url: url(p.id, `/${q.id}`) });
    expect(after.json.sections[2].name).toBe('Bathroom (edited)');
    expect(after.json.version).toBe(q.version + 1);
    expect(res.text.split('\r\n')[0]).toBe(SYSTEM_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(res.text).toContain(INTERNAL); // staff only: general notes and costs are in it
    expect(res.text).toContain('"99.95"');

    const other = await newProject();
    const imported = await asA({ method: 'POST', url: url(other.id, '/import'), body: csvFile(res.raw) });
    expect(imported.status, imported.text).toBe(201);
    const copy = imported.json as QuoteView;
    expect(copy.status).toBe('Draft');
    expect(copy.code).toBe(`Q-${other.code}-1`);
    expect(comparable(copy)).toEqual(comparable(after.json as QuoteView));
    expect(copy.totals.revenue).toBe('895.91');
  });

  it('neutralises cells a spreadsheet would run (= + - @ tab CR) and restores them on import', async () => {
    const p = await newProject();
    const q = await quoteWith(p.id);
    const { text } = await exportCsv(p.id, q);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain(`"'+ back wall first"`);
    expect(text).toContain(`"'-MT-1"`);
    expect(text).toContain(`"'@Taps Co"`);
    expect(text).toContain(`"'\tIndented\r\nCRLF kept"`);
    expect(text).toContain(`"''quoted already`);
    // No cell starts with a formula character.
    expect(text).not.toMatch(/(^|,)"?[=+\-@]/m);
    const back = await asA({ method: 'POST', url: url(p.id, '/import'), body: csvFile(text) });
    expect(back.status, back.text).toBe(201);
    const lines = (back.json as QuoteView).sections[0]!.line_items;
    expect(lines[0]!.description).toBe(HOSTILE);
    expect(lines[1]!.long_description).toBe("'quoted already\nsecond line");
    expect(lines[1]!.product).toMatchObject({ product_code: '-MT-1', supplier_name: '@Taps Co' });
    expect(lines[2]!.long_description).toBe('\tIndented\r\nCRLF kept');
  });

  it('refuses what is not a System Friendly CSV with a 422 (never 500)', async () => {
    const p = await newProject();
    const header = SYSTEM_CSV_COLUMNS.join(',');
    const row = (over: Partial<Record<string, string>>) =>
      SYSTEM_CSV_COLUMNS.map(
        (c) =>
          over[c] ??
          {
            section_position: '1',
            item_position: '1',
            category: 'Service',
            description: 'Labour',
            supplied_by: 'Company',
            quantity: '1',
            unit_sell_price: '1.00',
            unit_cost: '0.00',
          }[c as string] ??
          '',
      ).join(',');
    const cases: [string, ReturnType<typeof formData>, string][] = [
      ['a .txt name', csvFile(`${header}\r\n${row({})}`, 'quote.txt'), 'file'],
      ['binary content', csvFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe])), 'file'],
      ['an empty file', csvFile(''), 'file'],
      ['an unclosed quote', csvFile(`${header}\r\n"1,"Kitchen`), 'file'],
      ['uneven columns', csvFile(`${header}\r\n1,2,3`), 'file'],
      ['missing columns', csvFile('a,b\r\n1,2'), 'file'],
      ['a header only', csvFile(header), 'file'],
      ['no file at all', formData({ other: 'x' }), 'file'],
    ];
    for (const [name, body, field] of cases) {
      const res = await asA({ method: 'POST', url: url(p.id, '/import'), body });
      expect(res.status, `${name}: ${res.text}`).toBe(422);
      expect(res.json.errors[field], name).toBeDefined();
    }
    const wrongType = await asA({ method: 'POST', url: url(p.id, '/import'), body: csvFile('x', 'quote.xlsx') });
    expect(wrongType.json).toEqual({ message: QUOTE_FILE_TEXT.onlyCsv, errors: { file: [QUOTE_FILE_TEXT.onlyCsv] } });

    // Row errors, keyed by the file's row (the header is row 1).
    const bad = await asA({
      method: 'POST',
      url: url(p.id, '/import'),
      body: csvFile(
        [
          header,
          row({}),
          row({ item_position: '2', quantity: '-1', category: 'Gadget' }),
          row({ description: '' }),
        ].join('\r\n'),
      ),
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.message).toBe(QUOTE_FILE_TEXT.badRows);
    expect(Object.keys(bad.json.errors)).toEqual(['row 3', 'row 4']);
    expect(bad.json.errors['row 3'].join(' ')).toMatch(/category: .*quantity: /);
    expect(bad.json.errors['row 4']).toEqual([`description: ${QUOTE_TEXT.descriptionRequired}`]);
    // Nothing was created by the refusals.
    expect((await asA({ url: url(p.id) })).json.items).toEqual([]);
  });
});

describe('Client Friendly XLSX', () => {
  it('holds sell figures, subtotals, totals with GST and currency formats, never costs or notes', async () => {
    const p = await newProject();
    const q = await quoteWith(p.id);
    const res = await asA({ url: url(p.id, `/${q.id}/export/client.xlsx`) });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${q.code}_CLIENT.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (r) => rows.push((r.values as unknown[]).slice(1)));
    const find = (label: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((r) => {
        if (r.getCell(1).value === label) found = r;
      });
      expect(found, label).toBeDefined();
      return found!;
    };
    expect(rows.some((r) => r[0] === 'Quote' && r[1] === q.code)).toBe(true);
    expect(rows.some((r) => r[0] === 'Client' && r[1] === client.tradingName)).toBe(true);
    const header = find('Item / Description');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header.number });
    const tap = find("Mixer tap\n'quoted already\nsecond line");
    expect([tap.getCell(2).value, tap.getCell(3).value, tap.getCell(4).value]).toEqual([2, 149.99, 299.98]);
    expect(tap.getCell(3).numFmt).toBe('$#,##0.00');
    expect(tap.getCell(4).numFmt).toBe('$#,##0.00');
    expect(find('\'=HYPERLINK("http://evil.example","x")').getCell(4).value).toBe(0.3);
    expect(find('Kitchen, upstairs subtotal').getCell(4).value).toBe(350.28);
    expect(find('Bathroom subtotal').getCell(4).value).toBe(545.63);
    expect(find('Total ex. GST').getCell(4).value).toBe(895.91);
    expect(find('GST (10%)').getCell(4).value).toBe(89.59);
    const inc = find('Total incl. GST').getCell(4);
    expect(inc.value).toBe(985.5);
    expect(inc.numFmt).toBe('$#,##0.00');
    const everything = JSON.stringify(rows);
    for (const secret of [INTERNAL, '99.95', '0.07', 'Cost', 'Profit']) expect(everything).not.toContain(secret);
  });
});

describe('the quote PDF', () => {
  it('shows the items, subtotals, totals, notes, T&Cs and page numbers, never internal notes or costs', async () => {
    const p = await newProject();
    const body = content();
    // Enough lines for a second page.
    body.sections[2]!.line_items = Array.from({ length: 60 }, (_, i) =>
      item({ description: `Tile row ${i + 1}`, quantity: '1', unit_sell_price: '10', unit_cost: '7.77' }),
    );
    const q = await quoteWith(p.id, body);
    const res = await asA({ url: url(p.id, `/${q.id}/pdf`) });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
    try {
      writeFileSync(join(dir, 'q.pdf'), res.raw);
      const out = spawnSync('pdftotext', ['-layout', join(dir, 'q.pdf'), '-'], { encoding: 'utf8' });
      expect(out.status, out.stderr).toBe(0);
      const text = out.stdout;
      // 'Page X of Y' on every page (form feed between pages), none of them blank.
      const pages = text.split('\f').filter((pg) => pg.trim());
      expect(pages.length).toBeGreaterThanOrEqual(2);
      pages.forEach((pg, i) => {
        expect(pg).toContain(`Page ${i + 1} of ${pages.length}`);
        expect(pg.replace(/Page \d+ of \d+/, '').trim().length).toBeGreaterThan(20);
      });
      for (const expected of [
        q.code,
        a.name,
        client.tradingName,
        'Kitchen, upstairs',
        'Mixer tap',
        '$149.99',
        '$299.98',
        '$350.28',
        'Tile row 60',
        '$600.00',
        'Total ex. GST',
        '$950.28',
        '$95.03',
        '$1,045.31',
        'Valid for 30 days.',
        QUOTE_TERMS[0],
      ])
        expect(text, expected).toContain(expected);
      for (const secret of [INTERNAL, '$99.95', '$7.77', 'Cost', 'Profit']) expect(text).not.toContain(secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the quote PDF branding', () => {
  const images = async (as: As, projectId: number) => {
    const created = await as({ method: 'POST', url: url(projectId) });
    expect(created.status, created.text).toBe(201);
    const res = await as({ url: url(projectId, `/${created.json.id}/pdf`) });
    expect(res.status, res.text).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'quote-logo-'));
    try {
      writeFileSync(join(dir, 'q.pdf'), res.raw);
      const out = spawnSync('pdfimages', ['-list', join(dir, 'q.pdf')], { encoding: 'utf8' });
      expect(out.status, out.stderr).toBe(0);
      return out.stdout
        .split('\n')
        .slice(2)
        .filter((l) => l.trim()).length;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("carries the company's logo when it has one, and no image otherwise", async () => {
    const bProject = await factories.createProject(b, await factories.createClientCo(b));
    expect(await images(asB, bProject.id)).toBe(0);
    const logoKey = await t.deps.files.put(pngBytes(40, 20), 'png');
    await asOwner(b.id, (tx) => tx.update(tenants).set({ logoKey }).where(eq(tenants.id, b.id)));
    expect(await images(asB, bProject.id)).toBeGreaterThanOrEqual(1);
  });
});

describe('cloning and attaching sections', () => {
  it('clones all sections, or the chosen ones, into a new Draft of another project', async () => {
    const src = await quoteWith((await newProject()).id);
    const p = await newProject();
    const all = await asA({ method: 'POST', url: url(p.id, '/import-clone'), body: { quote_id: src.id } });
    expect(all.status, all.text).toBe(201);
    expect(comparable(all.json as QuoteView).sections).toEqual(comparable(src).sections);
    expect(all.json.note).toBeNull();
    const kitchen = src.sections[0]!.id;
    const bathroom = src.sections[2]!.id;
    const some = await asA({
      method: 'POST',
      url: url(p.id, '/import-clone'),
      body: { quote_id: src.id, sections: [bathroom, kitchen] },
    });
    expect(some.status, some.text).toBe(201);
    // In the source's order, positions from 0.
    expect(some.json.sections.map((s: { name: string; position: number }) => [s.name, s.position])).toEqual([
      ['Kitchen, upstairs', 0],
      ['Bathroom', 1],
    ]);
    expect(some.json.code).toBe(`Q-${p.code}-2`);
    const wrong = await asA({
      method: 'POST',
      url: url(p.id, '/import-clone'),
      body: { quote_id: src.id, sections: [all.json.sections[0].id] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors['sections.0']).toEqual([QUOTE_FILE_TEXT.unknownSection]);
  });

  it('attaches sections to the bottom of a Draft only, and the version goes up', async () => {
    const src = await quoteWith((await newProject()).id);
    const p = await newProject();
    const target = await quoteWith(p.id, {
      note: 'mine',
      sections: [{ name: 'First', line_items: [item()] }],
    } as never);
    const res = await asA({
      method: 'POST',
      url: url(p.id, `/${target.id}/attach-sections`),
      body: { quote_id: src.id, sections: [src.sections[2]!.id] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sections.map((s: { name: string; position: number }) => [s.name, s.position])).toEqual([
      ['First', 0],
      ['Bathroom', 1],
    ]);
    expect(res.json.version).toBe(target.version + 1);
    expect(res.json.note).toBe('mine');
    const status = await asA({ method: 'POST', url: url(p.id, `/${target.id}/status`), body: { status: 'Void' } });
    expect(status.status, status.text).toBe(200);
    const refused = await asA({
      method: 'POST',
      url: url(p.id, `/${target.id}/attach-sections`),
      body: { quote_id: src.id, sections: [] },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(QUOTE_TEXT.notDraft);
  });

  it('lists importable quotes by client, project and period with their sections', async () => {
    const p = await newProject();
    const q = await quoteWith(p.id);
    const list = await asA({ url: `/api/quotes/importable?project=${p.id}` });
    expect(list.status, list.text).toBe(200);
    expect(list.json.items).toEqual([
      {
        id: q.id,
        code: q.code,
        project: { id: p.id, code: p.code, title: p.name },
        client: { id: client.id, trading_name: client.tradingName },
        updated_at: expect.any(String),
        sections: q.sections.map((s) => ({ id: s.id, name: s.name })),
      },
    ]);
    const byClient = await asA({ url: `/api/quotes/importable?client=${client.id}&period=7` });
    expect(byClient.json.items.map((i: { id: number }) => i.id)).toContain(q.id);
    const bad = await asA({ url: '/api/quotes/importable?period=3' });
    expect(bad.status).toBe(422);
    const options = await asA({ url: '/api/quotes/importable/options' });
    expect(options.status, options.text).toBe(200);
    expect(options.json.projects).toContainEqual({ id: p.id, code: p.code, title: p.name });
    expect(options.json.clients).toContainEqual({ id: client.id, trading_name: client.tradingName });
  });
});

describe('tenants and roles', () => {
  it("another company's quote is 404 to clone, export or print; a client user is refused (403)", async () => {
    const p = await newProject();
    const q = await quoteWith(p.id);
    const bProject = await factories.createProject(b, await factories.createClientCo(b));
    const clone = await asB({
      method: 'POST',
      url: `/api/projects/${bProject.id}/quotes/import-clone`,
      body: { quote_id: q.id },
    });
    expect(clone.status).toBe(404);
    const bList = (await asB({ url: `/api/quotes/importable?period=all_time` })).json.items as { id: number }[];
    expect(bList.map((i) => i.id)).not.toContain(q.id);
    expect((await asB({ url: `/api/quotes/importable?project=${p.id}&period=all_time` })).json.items).toEqual([]);
    for (const path of ['/export/client.xlsx', '/pdf'])
      expect((await asB({ url: `/api/projects/${p.id}/quotes/${q.id}${path}` })).status).toBe(404);
    expect((await asB({ method: 'POST', url: `/api/projects/${p.id}/quotes/${q.id}/export/system.csv` })).status).toBe(
      404,
    );

    expect((await asClientUser({ url: url(p.id, `/${q.id}/pdf`) })).status).toBe(403);
    expect((await asClientUser({ url: url(p.id, `/${q.id}/export/client.xlsx`) })).status).toBe(403);
    expect(
      (await asClientUser({ method: 'POST', url: url(p.id, '/import-clone'), body: { quote_id: q.id } })).status,
    ).toBe(403);
    expect((await asClientUser({ url: '/api/quotes/importable' })).status).toBe(403);
    // An employee may do all of it.
    expect((await asEmployee({ url: url(p.id, `/${q.id}/pdf`) })).status).toBe(200);
  });
});
