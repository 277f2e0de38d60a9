import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGREEMENT_TEXT,
  type AgreementView,
  type ProviderAgreementList,
  type ProviderAgreementView,
  type QuoteAgreementsView,
  type QuoteView,
} from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { asOwner, createUser } from '../../../test/harness.js';
import { queryCounter } from '../../../test/query-counter.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { sql } from 'drizzle-orm';

// Service provider agreements (issue 14 section 1): the staff routes from an Accepted quote (the
// section-ownership race, void, delete, the provider rule, figures), the provider users' routes
// (their own agreements only, accept / decline), clients refused, tenants apart, hostile bodies.
let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As;
let asEmployee: As, asClientUser: As, asProviderUser: As, asOtherProviderUser: As;
let client: factories.TestClient;
let provider: { id: string; name: string }, other: { id: string; name: string }, third: { id: string; name: string };
let providerUserName: string;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  [client, provider, other, third] = await Promise.all([
    factories.createClientCo(a),
    factories.createProvider(a, `Zeta Provider ${Date.now()}`),
    factories.createProvider(a, `Alpha Provider ${Date.now()}`),
    factories.createProvider(a, `Mid Provider ${Date.now()}`),
  ]);
  await factories.createProvider(a, `Evaluating ${Date.now()}`, { statusCode: 'evaluating' });
  const employee = await factories.createProviderUser(a, provider.id, 'sp_employee');
  providerUserName = `${employee.firstName} ${employee.lastName}`.trim();
  const [staff, clientUser, otherUser] = await Promise.all([
    createUser(a, 'company_employee'),
    factories.createClientUser(a, client.id, 'client_admin'),
    factories.createProviderUser(a, other.id, 'sp_admin'),
  ]);
  [asEmployee, asClientUser, asProviderUser, asOtherProviderUser] = await Promise.all([
    signedIn(t, a, staff),
    signedIn(t, a, clientUser),
    signedIn(t, a, employee),
    signedIn(t, a, otherUser),
  ]);
});
afterAll(() => t.close());

const line = (over: Record<string, unknown> = {}) => ({
  category: 'Service',
  description: 'Labour',
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: '1',
  unit_cost: '0',
  ...over,
});

type Fixture = { projectId: number; quote: QuoteView; base: string; sections: { id: number; name: string }[] };

/** A project (assigned to `provider`) with a quote of three sections, Accepted unless told. */
async function acceptedQuote(status: 'Accepted' | 'Draft' = 'Accepted', as: As = asA, tenant = a): Promise<Fixture> {
  const c = tenant === a ? client : await factories.createClientCo(tenant);
  const project = await factories.createProject(tenant, c, tenant === a ? { providerId: provider.id } : {});
  const created = await as({ method: 'POST', url: `/api/projects/${project.id}/quotes` });
  expect(created.status, created.text).toBe(201);
  const saved = await as({
    method: 'PUT',
    url: `/api/projects/${project.id}/quotes/${created.json.id}`,
    body: {
      version: 1,
      sections: [
        {
          name: 'Kitchen',
          line_items: [
            line({ description: 'Fit out', quantity: '2', unit_sell_price: '500', unit_cost: '300' }),
            line({ category: 'Product', description: 'Tap', quantity: '1', unit_sell_price: '999', unit_cost: '500' }),
            line({ category: 'Other', description: 'Waste', quantity: '1', unit_sell_price: '100', unit_cost: '40' }),
          ],
        },
        { name: 'Bathroom', line_items: [line({ description: 'Tiling', unit_sell_price: '400', unit_cost: '250' })] },
        { name: 'Laundry', line_items: [line({ description: 'Plumbing', unit_sell_price: '200', unit_cost: '90' })] },
      ],
    },
  });
  expect(saved.status, saved.text).toBe(200);
  if (status === 'Accepted') {
    const res = await as({
      method: 'POST',
      url: `/api/projects/${project.id}/quotes/${created.json.id}/status`,
      body: { status: 'Accepted' },
    });
    expect(res.status, res.text).toBe(200);
  }
  const quote = saved.json as QuoteView;
  return {
    projectId: project.id,
    quote,
    base: `/api/projects/${project.id}/quotes/${quote.id}/agreements`,
    sections: quote.sections.map((s) => ({ id: s.id, name: s.name })),
  };
}

async function newAgreement(f: Fixture, as: As = asA): Promise<AgreementView> {
  const res = await as({ method: 'POST', url: f.base });
  expect(res.status, res.text).toBe(201);
  return res.json as AgreementView;
}

const claim = (ids: number[], price = '0', owned = true) =>
  Object.fromEntries(ids.map((id) => [String(id), { id, price, owned }]));

async function save(f: Fixture, ag: Pick<AgreementView, 'id' | 'version'>, body: Record<string, unknown>, as = asA) {
  return as({ method: 'PUT', url: `${f.base}/${ag.id}`, body: { version: ag.version, ...body } });
}
async function saved(f: Fixture, ag: Pick<AgreementView, 'id' | 'version'>, body: Record<string, unknown>) {
  const res = await save(f, ag, body);
  expect(res.status, res.text).toBe(200);
  return res.json as AgreementView;
}
const ownersInDb = (sectionId: number) =>
  asOwner(a.id, async (tx) => {
    const { rows } = await tx.execute<{ agreement_id: string }>(
      sql`select agreement_id from service_provider_agreement_sections where section_id = ${sectionId} and active`,
    );
    return rows.map((r) => Number(r.agreement_id));
  });

describe('staff: creating and reading', () => {
  it('creates numbered agreements named after the quote, the project provider by default, and lists the quote with every section', async () => {
    const f = await acceptedQuote();
    const first = await newAgreement(f);
    expect(first).toMatchObject({
      number: 1,
      name: `${f.quote.code}-SPA1`,
      status: 'Active',
      service_provider: { id: provider.id, name: provider.name },
      notes: null,
      version: 1,
      response: null,
      voided_at: null,
      totals: { sell_price: '0.00', contract_price: '0.00' },
    });
    expect(first.sections.map((s) => [s.name, s.sell_price, s.estimated_cost, s.owned, s.owned_by])).toEqual([
      // Product lines are left out: 2 x 500 + 100 sell, 2 x 300 + 40 cost.
      ['Kitchen', '1100.00', '640.00', false, null],
      ['Bathroom', '400.00', '250.00', false, null],
      ['Laundry', '200.00', '90.00', false, null],
    ]);
    // The project's provider is held by the first: the second starts without one.
    const second = await newAgreement(f, asEmployee);
    expect(second).toMatchObject({ number: 2, name: `${f.quote.code}-SPA2`, service_provider: null });

    const res = await asA({ url: f.base });
    expect(res.status, res.text).toBe(200);
    const view = res.json as QuoteAgreementsView;
    expect(view.quote).toMatchObject({
      id: f.quote.id,
      code: f.quote.code,
      status: 'Accepted',
      project_id: f.projectId,
    });
    expect(view.agreements.map((x) => x.id)).toEqual([first.id, second.id]);
    // Approved providers only, sorted by name, with the agreement holding each.
    const names = view.providers.map((p) => p.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(names.some((n) => n.startsWith('Evaluating'))).toBe(false);
    expect(view.providers.find((p) => p.id === provider.id)?.used_by).toBe(first.id);
    expect(view.providers.find((p) => p.id === other.id)?.used_by).toBeNull();
  });

  it('agreements are for an Accepted quote only; a quote voided after acceptance keeps them read-only', async () => {
    const draft = await acceptedQuote('Draft');
    for (const res of [await asA({ url: draft.base }), await asA({ method: 'POST', url: draft.base })]) {
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(AGREEMENT_TEXT.notAccepted);
    }
    const f = await acceptedQuote();
    const ag = await newAgreement(f);
    const voided = await asA({
      method: 'POST',
      url: `/api/projects/${f.projectId}/quotes/${f.quote.id}/status`,
      body: { status: 'Void' },
    });
    expect(voided.status, voided.text).toBe(200);
    const read = await asA({ url: f.base });
    expect(read.status).toBe(200);
    expect((read.json as QuoteAgreementsView).agreements).toHaveLength(1);
    const put = await save(f, ag, { sections: claim([f.sections[0]!.id]) });
    expect(put.status).toBe(409);
    expect(put.json.message).toBe(AGREEMENT_TEXT.notAccepted);
    expect((await asA({ method: 'DELETE', url: `${f.base}/${ag.id}` })).status).toBe(409);
  });
});

describe('staff: saving', () => {
  it('saves provider, notes and prices with the figures; Select All at price 0 gives a margin of 100.00', async () => {
    const f = await acceptedQuote();
    const ag = await newAgreement(f);
    const [kitchen, bathroom, laundry] = f.sections;
    let view = await saved(f, ag, {
      service_provider_id: other.id,
      notes: 'Start Monday',
      sections: { ...claim([kitchen!.id], '825.00'), ...claim([bathroom!.id], '0') },
    });
    expect(view).toMatchObject({ service_provider: { id: other.id }, notes: 'Start Monday', version: 2 });
    expect(view.sections[0]).toMatchObject({
      owned: true,
      contract_price: '825.00',
      gross_profit: '275.00',
      margin: '25.00',
    });
    expect(view.sections[1]).toMatchObject({ owned: true, contract_price: '0.00', margin: '100.00' });
    expect(view.sections[2]).toMatchObject({ owned: false, contract_price: null });
    expect(view.totals).toEqual({
      sell_price: '1500.00',
      estimated_cost: '890.00',
      contract_price: '825.00',
      gross_profit: '675.00',
      margin: '45.00',
    });
    // Select All: the rest claimed at 0 is an ordinary save; releasing the kitchen deletes its row.
    view = await saved(f, view, {
      service_provider_id: other.id,
      sections: { ...claim([laundry!.id]), ...claim([kitchen!.id], '0', false) },
    });
    expect(view.sections.map((s) => s.owned)).toEqual([false, true, true]);
    expect(view.sections[2]).toMatchObject({ contract_price: '0.00', gross_profit: '200.00', margin: '100.00' });
    expect(await ownersInDb(kitchen!.id)).toEqual([]);
    // A stale version is a conflict.
    const stale = await save(f, ag, { sections: {} });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(AGREEMENT_TEXT.versionConflict);
  });

  it('two concurrent saves claiming one section: exactly one wins, the other gets 409 naming it', async () => {
    const f = await acceptedQuote();
    const [one, two] = [await newAgreement(f), await newAgreement(f)];
    const kitchen = f.sections[0]!;
    const results = await Promise.all([
      save(f, one, { service_provider_id: provider.id, sections: claim([kitchen.id], '10') }),
      save(f, two, { sections: claim([kitchen.id], '20') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.json.message).toBe(AGREEMENT_TEXT.sectionTaken('Kitchen'));
    const winner = results.find((r) => r.status === 200)!.json as AgreementView;
    expect(await ownersInDb(kitchen.id)).toEqual([winner.id]);
    // The other agreement sees it as owned by the winner.
    const view = (await asA({ url: f.base })).json as QuoteAgreementsView;
    const loserView = view.agreements.find((x) => x.id !== winner.id)!;
    expect(loserView.sections[0]).toMatchObject({ owned: false, owned_by: { id: winner.id, name: winner.name } });
  });

  it('void frees the sections and makes the agreement read-only; delete frees them too', async () => {
    const f = await acceptedQuote();
    const [one, two] = [await newAgreement(f), await newAgreement(f)];
    const kitchen = f.sections[0]!;
    const owned = await saved(f, one, { service_provider_id: provider.id, sections: claim([kitchen.id], '5') });
    const taken = await save(f, two, { sections: claim([kitchen.id]) });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(AGREEMENT_TEXT.sectionTaken('Kitchen'));

    const voided = await asA({ method: 'PATCH', url: `${f.base}/${one.id}/void` });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json).toMatchObject({ status: 'VOID', voided_at: expect.any(String) });
    // It still shows what it had; the section is free.
    expect((voided.json as AgreementView).sections[0]).toMatchObject({ owned: true, contract_price: '5.00' });
    const readOnly = await save(f, voided.json as AgreementView, { sections: {} });
    expect(readOnly.status).toBe(409);
    expect(readOnly.json.message).toBe(AGREEMENT_TEXT.voidReadOnly);
    expect((await asA({ method: 'PATCH', url: `${f.base}/${one.id}/void` })).status).toBe(409);
    // The provider is free again too.
    const claimed = await saved(f, two, { service_provider_id: provider.id, sections: claim([kitchen.id], '7') });
    expect(claimed.sections[0]).toMatchObject({ owned: true, owned_by: null });
    expect(await ownersInDb(kitchen.id)).toEqual([two.id]);
    expect(owned.id).toBe(one.id);

    const del = await asA({ method: 'DELETE', url: `${f.base}/${two.id}` });
    expect(del.status).toBe(204);
    expect(await ownersInDb(kitchen.id)).toEqual([]);
    const three = await newAgreement(f);
    expect((await saved(f, three, { sections: claim([kitchen.id]) })).sections[0]!.owned).toBe(true);
    expect((await asA({ url: `${f.base}/${two.id}`, method: 'DELETE' })).status).toBe(404);
  });

  it('a provider another non-void agreement of the quote has is refused', async () => {
    const f = await acceptedQuote();
    const [one, two] = [await newAgreement(f), await newAgreement(f)];
    expect(one.service_provider?.id).toBe(provider.id);
    const res = await save(f, two, { service_provider_id: provider.id });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(AGREEMENT_TEXT.providerTaken);
    // Two saves racing for the same free provider: one wins.
    const both = await Promise.all([
      save(f, one, { service_provider_id: third.id }),
      save(f, two, { service_provider_id: third.id }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('hostile bodies are 422 per field, never 500; another quote\u2019s section is refused', async () => {
    const f = await acceptedQuote();
    const g = await acceptedQuote();
    const ag = await newAgreement(f);
    const foreign = await save(f, ag, { sections: claim([g.sections[0]!.id]) });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors[`sections.${g.sections[0]!.id}.id`]).toEqual([AGREEMENT_TEXT.unknownSection]);
    const mismatch = await save(f, ag, {
      sections: { [String(f.sections[1]!.id)]: { id: f.sections[0]!.id, price: '1', owned: true } },
    });
    expect(mismatch.status).toBe(422);
    const evaluating = await factories.createProvider(a, `Not approved ${Date.now()}`, { statusCode: 'evaluating' });
    const notApproved = await save(f, ag, { service_provider_id: evaluating.id });
    expect(notApproved.status).toBe(422);
    expect(notApproved.json.errors.service_provider_id).toEqual([AGREEMENT_TEXT.unknownProvider]);
    for (const body of [
      null,
      [],
      { version: 'one' },
      { version: ag.version, sections: 'all' },
      { version: ag.version, sections: { abc: { id: 1, owned: true } } },
      { version: ag.version, sections: { '1': { id: -1, price: '1e9', owned: 'yes' } } },
      {
        version: ag.version,
        sections: { [String(f.sections[0]!.id)]: { id: f.sections[0]!.id, price: '-1', owned: true } },
      },
      { version: ag.version, service_provider_id: 'not-a-uuid' },
      { version: ag.version, notes: 'x'.repeat(5001) },
      { version: ag.version, notes: { $gt: '' } },
      { version: 2 ** 40, sections: {} },
    ]) {
      const res = await asA({ method: 'PUT', url: `${f.base}/${ag.id}`, body });
      expect([409, 422], `${JSON.stringify(body).slice(0, 60)}: ${res.status} ${res.text}`).toContain(res.status);
    }
    const dangling = await save(f, ag, { service_provider_id: crypto.randomUUID() });
    expect(dangling.status).toBe(422);
    // A malformed id in the path is refused before anything runs (the app's 422 for path ids).
    for (const url of [`${f.base}/abc`, `${f.base}/0`, `/api/projects/${f.projectId}/quotes/x/agreements/1`])
      expect((await asA({ method: 'PUT', url, body: { version: 1 } })).status).toBe(422);
    // The quote of another project: 404.
    expect((await asA({ url: `/api/projects/${g.projectId}/quotes/${f.quote.id}/agreements` })).status).toBe(404);
    expect((await save({ ...f, base: g.base }, ag, {})).status).toBe(404);
  });
});

describe('PDFs', () => {
  it('staff and the provider open the three PDFs inline by name; 422 for another type, 409 without a provider', async () => {
    const f = await acceptedQuote();
    const ag = await newAgreement(f);
    await saved(f, ag, { service_provider_id: provider.id, sections: claim([f.sections[0]!.id], '500') });
    for (const type of ['swms', 'sow', 'ja']) {
      const res = await asA({ url: `${f.base}/${ag.id}/pdf?type=${type}` });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain(`inline; filename="${ag.name}_${type.toUpperCase()}.pdf"`);
      expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const mine = await asProviderUser({ url: `/api/agreements/${ag.id}/pdf?type=sow` });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toContain('application/pdf');
    expect((await asOtherProviderUser({ url: `/api/agreements/${ag.id}/pdf?type=sow` })).status).toBe(404);
    expect((await asClientUser({ url: `${f.base}/${ag.id}/pdf?type=sow` })).status).toBe(403);
    expect((await asProviderUser({ url: `${f.base}/${ag.id}/pdf?type=sow` })).status).toBe(403);

    for (const query of ['?type=pdf', '', '?type[]=sow', '?type=SOW']) {
      const bad = await asA({ url: `${f.base}/${ag.id}/pdf${query}` });
      expect(bad.status, query).toBe(422);
      expect(bad.json.errors.type).toEqual([AGREEMENT_TEXT.pdfType]);
    }
    const none = await newAgreement(f);
    expect(none.service_provider).toBeNull();
    const res = await asA({ url: `${f.base}/${none.id}/pdf?type=ja` });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(AGREEMENT_TEXT.noProvider);
    // Another quote's address for the agreement: not found.
    const g = await acceptedQuote();
    expect((await asA({ url: `${g.base}/${ag.id}/pdf?type=sow` })).status).toBe(404);
  });
});

describe('provider users', () => {
  it('see only their provider’s agreements, without company prices, and answer them; staff see who and when', async () => {
    const f = await acceptedQuote();
    const ag = await newAgreement(f);
    const [kitchen, bathroom] = f.sections;
    const mine = await saved(f, ag, {
      service_provider_id: provider.id,
      notes: 'Shared note',
      sections: { ...claim([kitchen!.id], '825.50'), ...claim([bathroom!.id], '100') },
    });
    const theirs = await newAgreement(f);
    await saved(f, theirs, { service_provider_id: other.id, sections: claim([f.sections[2]!.id], '1') });

    const list = await asProviderUser({ url: '/api/agreements?page=1&pageSize=50' });
    expect(list.status, list.text).toBe(200);
    const page = list.json as ProviderAgreementList;
    expect(page.items.map((x) => x.id)).toContain(mine.id);
    expect(page.items.map((x) => x.id)).not.toContain(theirs.id);
    expect(page.items.find((x) => x.id === mine.id)).toMatchObject({
      name: mine.name,
      status: 'Active',
      quote_code: f.quote.code,
      contract_price: '925.50',
      response: null,
      project: { id: f.projectId },
    });
    expect(page.total).toBe(page.items.length);

    const one = await asProviderUser({ url: `/api/agreements/${mine.id}` });
    expect(one.status, one.text).toBe(200);
    const view = one.json as ProviderAgreementView;
    expect(view).toMatchObject({
      name: mine.name,
      quote_code: f.quote.code,
      notes: 'Shared note',
      contract_price: '925.50',
      abilities: { respond: true },
    });
    expect(view.sections.map((s) => [s.name, s.contract_price])).toEqual([
      ['Kitchen', '825.50'],
      ['Bathroom', '100.00'],
    ]);
    expect(view.sections[0]!.line_items.map((l) => [l.description, l.quantity])).toEqual([
      ['Fit out', '2.000'],
      ['Waste', '1.000'],
    ]);
    // Nothing of the company's prices and margins: no sell price, cost or general notes anywhere.
    expect(one.text).not.toMatch(/unit_sell_price|unit_cost|general_notes|sell_price|estimated_cost|margin|999/);

    for (const url of [`/api/agreements/${theirs.id}`, `/api/agreements/${theirs.id}/response`]) {
      const res = await asProviderUser({
        url,
        method: url.endsWith('response') ? 'POST' : 'GET',
        body: url.endsWith('response') ? { response: 'Accepted' } : undefined,
      });
      expect(res.status).toBe(404);
    }
    expect((await asOtherProviderUser({ url: `/api/agreements/${mine.id}` })).status).toBe(404);

    // Staff-only routes are refused to them.
    expect((await save(f, mine, {}, asProviderUser)).status).toBe(403);
    expect((await asProviderUser({ method: 'PATCH', url: `${f.base}/${mine.id}/void` })).status).toBe(403);
    expect((await asProviderUser({ method: 'DELETE', url: `${f.base}/${mine.id}` })).status).toBe(403);
    expect((await asProviderUser({ url: f.base })).status).toBe(403);

    // Declining needs a reason (422 on the field); then accepting replaces the answer.
    const noReason = await asProviderUser({
      method: 'POST',
      url: `/api/agreements/${mine.id}/response`,
      body: { response: 'Declined' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors.reason).toEqual(['Please give a reason for declining.']);
    const bad = await asProviderUser({
      method: 'POST',
      url: `/api/agreements/${mine.id}/response`,
      body: { response: 'Maybe' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.response).toBeDefined();
    const declined = await asProviderUser({
      method: 'POST',
      url: `/api/agreements/${mine.id}/response`,
      body: { response: 'Declined', reason: 'Too far away' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json.response).toMatchObject({
      response: 'Declined',
      reason: 'Too far away',
      by_name: providerUserName,
    });
    let staff = ((await asA({ url: f.base })).json as QuoteAgreementsView).agreements.find((x) => x.id === mine.id)!;
    expect(staff.response).toMatchObject({ response: 'Declined', reason: 'Too far away', by_name: providerUserName });
    expect(Date.parse(staff.response!.at)).toBeGreaterThan(Date.now() - 60_000);

    const accepted = await asProviderUser({
      method: 'POST',
      url: `/api/agreements/${mine.id}/response`,
      body: { response: 'Accepted', reason: 'ignored' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.response).toMatchObject({ response: 'Accepted', reason: null });
    // An answer moves the version on: the staff editor reloads to see it before saving.
    expect((await save(f, staff, { notes: 'x' })).status).toBe(409);
    staff = ((await asA({ url: f.base })).json as QuoteAgreementsView).agreements.find((x) => x.id === mine.id)!;

    // A notes-only save keeps the answer; a price change clears it (the new terms need a new answer).
    staff = await saved(f, staff, { service_provider_id: provider.id, notes: 'Updated note' });
    expect(staff.response?.response).toBe('Accepted');
    staff = await saved(f, staff, { service_provider_id: provider.id, sections: claim([kitchen!.id], '900') });
    expect(staff.response).toBeNull();

    // A void agreement cannot be answered; the provider still reads it.
    await asA({ method: 'PATCH', url: `${f.base}/${mine.id}/void` });
    const late = await asProviderUser({
      method: 'POST',
      url: `/api/agreements/${mine.id}/response`,
      body: { response: 'Accepted' },
    });
    expect(late.status).toBe(409);
    const after = await asProviderUser({ url: `/api/agreements/${mine.id}` });
    expect(after.json).toMatchObject({ status: 'VOID', abilities: { respond: false } });
  });

  it('client users are refused everywhere, staff may not use the provider routes, and tenants stay apart', async () => {
    const f = await acceptedQuote();
    const ag = await newAgreement(f);
    const urls: [string, string, unknown?][] = [
      ['GET', f.base],
      ['POST', f.base],
      ['PUT', `${f.base}/${ag.id}`, { version: 1 }],
      ['PATCH', `${f.base}/${ag.id}/void`],
      ['DELETE', `${f.base}/${ag.id}`],
      ['GET', '/api/agreements'],
      ['GET', `/api/agreements/${ag.id}`],
      ['POST', `/api/agreements/${ag.id}/response`, { response: 'Accepted' }],
    ];
    for (const [method, url, body] of urls)
      expect((await asClientUser({ method: method as 'GET', url, body })).status, `${method} ${url}`).toBe(403);
    expect((await asA({ url: '/api/agreements' })).status).toBe(403);
    // Another company's admin: every id of ours is not found.
    const fb = await acceptedQuote('Accepted', asB, b);
    for (const [method, url, body] of urls.slice(0, 5)) {
      const res = await asB({
        method: method as 'GET',
        url: url.replace(/^\/api\/projects\/\d+/, `/api/projects/${fb.projectId}`),
        body,
      });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, body] of urls.slice(0, 5))
      expect((await asB({ method: method as 'GET', url, body })).status, `${method} ${url}`).toBe(404);
    const stillThere = (await asA({ url: f.base })).json as QuoteAgreementsView;
    expect(stillThere.agreements.map((x) => x.id)).toEqual([ag.id]);
  });
});

describe('round trips', () => {
  it('the staff list and the provider views are one statement each, whatever the number of agreements and sections', async () => {
    const count = queryCounter(t.deps.db.$client);
    const small = await acceptedQuote();
    await newAgreement(small);
    const big = await acceptedQuote();
    const ids = big.sections.map((s) => s.id);
    const agreements = [await newAgreement(big), await newAgreement(big), await newAgreement(big)];
    for (const [i, ag] of agreements.entries())
      await saved(big, ag, {
        service_provider_id: [provider.id, other.id, third.id][i],
        sections: claim([ids[i]!], '5'),
      });
    const forSmall = await count(() => asA({ url: small.base }));
    const forBig = await count(() => asA({ url: big.base }));
    // context 1; BEGIN + tenant 1; the view 1; COMMIT 1
    expect(forSmall).toBeLessThanOrEqual(4);
    expect(forBig).toBe(forSmall);
    expect(await count(() => asProviderUser({ url: '/api/agreements?page=1&pageSize=20' }))).toBeLessThanOrEqual(4);
    expect(await count(() => asProviderUser({ url: `/api/agreements/${agreements[0]!.id}` }))).toBeLessThanOrEqual(4);
  });
});
