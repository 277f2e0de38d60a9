import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_QUOTE_TEXT, QUOTE_TEXT, type ClientQuoteView, type QuoteView } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { createUser, mailsTo, waitForMail, type TestUser } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

// The client answers a quote online (issue 13 section 6): staff send a Draft to the client's
// users, who read it without costs, profit, margins or general notes and accept it (signed with
// their name) or reject it (with a reason); the status follows the dropdown's rules and the staff
// are e-mailed.
let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As;
let asEmployee: As, asClientAdmin: As, asOtherClientUser: As, asProviderUser: As;
let client: factories.TestClient;
let clientAdmin: TestUser, am: TestUser, otherAm: TestUser, manager: TestUser;
let provider: { id: string; name: string };

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  let otherClient: factories.TestClient;
  [client, otherClient, provider] = await Promise.all([
    factories.createClientCo(a),
    factories.createClientCo(a),
    factories.createProvider(a),
  ]);
  let employee: TestUser, otherClientUser: TestUser, providerUser: TestUser;
  [employee, manager, clientAdmin, am, otherAm, otherClientUser, providerUser] = await Promise.all([
    createUser(a, 'company_employee'),
    createUser(a, 'company_employee', { firstName: 'Pat', lastName: 'Manager' }),
    factories.createClientUser(a, client.id, 'client_admin', { firstName: 'Grace', lastName: 'Howard' }),
    factories.createClientUser(a, client.id, 'client_am'),
    // Another account manager of the same client: not the project's, so not e-mailed.
    factories.createClientUser(a, client.id, 'client_am'),
    factories.createClientUser(a, otherClient.id, 'client_admin'),
    factories.createProviderUser(a, provider.id, 'sp_admin'),
  ]);
  [asEmployee, asClientAdmin, asOtherClientUser, asProviderUser] = await Promise.all([
    signedIn(t, a, employee),
    signedIn(t, a, clientAdmin),
    signedIn(t, a, otherClientUser),
    signedIn(t, a, providerUser),
  ]);
});
afterAll(() => t.close());

const newProject = () =>
  factories.createProject(a, client, { providerId: provider.id, amId: am.id, managerId: manager.id });
const quotesUrl = (projectId: number, rest = '') => `/api/projects/${projectId}/quotes${rest}`;
const clientUrl = (projectId: number, rest = '') => `/api/projects/${projectId}/client-quote${rest}`;

/** A Draft with one section of two lines (costs 60.25 and 20.00, general notes), saved by the admin. */
async function newQuote(projectId: number): Promise<QuoteView> {
  const created = await asA({ method: 'POST', url: quotesUrl(projectId) });
  expect(created.status, created.text).toBe(201);
  const q = created.json as QuoteView;
  const res = await asA({
    method: 'PUT',
    url: quotesUrl(projectId, `/${q.id}`),
    body: {
      version: q.version,
      note: 'Thanks for the opportunity.',
      sections: [
        {
          name: 'Roofing',
          line_items: [
            {
              category: 'Service',
              description: 'Roof labour',
              supplied_by: 'Company',
              quantity: '2',
              unit_sell_price: '100.50',
              unit_cost: '60.25',
              general_notes: 'Internal: crew of two, secret-note',
            },
            {
              category: 'Product',
              description: 'Screws',
              supplied_by: 'Company',
              quantity: '3',
              unit_sell_price: '33.33',
              unit_cost: '20.00',
            },
          ],
        },
      ],
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as QuoteView;
}

const send = (projectId: number, quoteId: number, as: As = asA) =>
  as({ method: 'POST', url: quotesUrl(projectId, `/${quoteId}/send`) });

async function sentQuote() {
  const p = await newProject();
  const q = await newQuote(p.id);
  const res = await send(p.id, q.id);
  expect(res.status, res.text).toBe(200);
  return { p, q: res.json as QuoteView };
}

const respond = (projectId: number, body: Record<string, unknown>, as: As = asClientAdmin) =>
  as({ method: 'POST', url: clientUrl(projectId, '/respond'), body });

describe('sending a quote to the client', () => {
  it("records who sent it and when, and e-mails the client's admins and the project's account manager a link", async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    expect(q).toMatchObject({ sent_at: null, sent_by_name: null, client_decision: null });
    const res = await send(p.id, q.id, asEmployee);
    expect(res.status, res.text).toBe(200);
    const sent = res.json as QuoteView;
    expect(sent.status).toBe('Draft');
    expect(Date.parse(sent.sent_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(sent.sent_by_name).toMatch(/^Test User/);

    for (const to of [clientAdmin.email, am.email]) {
      const mail = await waitForMail(to, { subject: `${CLIENT_QUOTE_TEXT.mailSubject}: ${q.code} ${p.name}` });
      expect(mail.text).toContain(`${a.slug}.`);
      expect(mail.text).toContain(`/projects/${p.id}/quote`);
      expect(mail.text).not.toContain('/quotes');
    }
    expect(await mailsTo(otherAm.email)).toHaveLength(0);
  });

  it('sends a Draft only', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const rejected = await asA({
      method: 'POST',
      url: quotesUrl(p.id, `/${q.id}/status`),
      body: { status: 'Rejected', reason: 'No' },
    });
    expect(rejected.status).toBe(200);
    const res = await send(p.id, q.id);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(CLIENT_QUOTE_TEXT.notSendable);
  });

  it('refuses (409) when the project has no client users to send it to', async () => {
    const lonely = await factories.createClientCo(a);
    const p = await factories.createProject(a, lonely, { providerId: provider.id });
    const q = await newQuote(p.id);
    const res = await send(p.id, q.id);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(CLIENT_QUOTE_TEXT.noRecipients);
  });

  it('is for staff only, and another company cannot reach the quote', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    expect((await send(p.id, q.id, asClientAdmin)).status).toBe(403);
    expect((await send(p.id, q.id, asProviderUser)).status).toBe(403);
    expect((await send(p.id, q.id, asB)).status).toBe(404);
  });
});

describe('the client reads the sent quote', () => {
  it('shows sections, items, sell prices and totals, never costs, profit, margins or general notes', async () => {
    const { p, q } = await sentQuote();
    const res = await asClientAdmin({ method: 'GET', url: clientUrl(p.id) });
    expect(res.status, res.text).toBe(200);
    const answer = res.json as ClientQuoteView;
    expect(answer.project).toEqual({ id: p.id, code: p.code, title: p.name });
    const view = answer.quote!;
    expect(view).toMatchObject({
      id: q.id,
      code: q.code,
      status: 'Draft',
      note: 'Thanks for the opportunity.',
      totals: { revenue: '300.99', cost: null, gross_profit: null, profit_percent: null, margin_percent: null },
      abilities: { edit: false, change_status: false, delete: false, revise: false },
    });
    expect(view.sections[0]!.line_items.map((l) => [l.description, l.quantity, l.unit_sell_price, l.totals])).toEqual([
      ['Roof labour', '2.000', '100.50', { revenue: '201.00', cost: null, profit: null, profit_percent: null }],
      ['Screws', '3.000', '33.33', { revenue: '99.99', cost: null, profit: null, profit_percent: null }],
    ]);
    // The raw JSON holds no cost figure, profit or internal note at all.
    for (const secret of ['60.25', '120.50', '20.00', '60.00', '180.50', '120.49', 'secret-note'])
      expect(res.text).not.toContain(secret);
    // Staff see the costs of the same quote.
    const staff = await asA({ method: 'GET', url: quotesUrl(p.id, `/${q.id}`) });
    expect(staff.text).toContain('60.25');
  });

  it('shows the most recently sent quote; while nothing was sent, 200 with the project and no quote', async () => {
    const p = await newProject();
    const first = await newQuote(p.id);
    // Nothing sent yet is a normal state (no error in the browser): the project names the screen.
    const none = await asClientAdmin({ method: 'GET', url: clientUrl(p.id) });
    expect(none.status, none.text).toBe(200);
    expect(none.json).toEqual({ project: { id: p.id, code: p.code, title: p.name }, quote: null });
    const second = await newQuote(p.id);
    expect((await send(p.id, second.id)).status).toBe(200);
    expect((await send(p.id, first.id)).status).toBe(200);
    const res = await asClientAdmin({ method: 'GET', url: clientUrl(p.id) });
    expect((res.json as ClientQuoteView).quote!.id).toBe(first.id);
  });

  it('is 404 for a project the user may not see, whether or not a quote was sent', async () => {
    const unsent = await newProject();
    const none = await asOtherClientUser({ method: 'GET', url: clientUrl(unsent.id) });
    expect(none.status).toBe(404);
    expect(none.text).not.toContain(unsent.code);
    expect((await asClientAdmin({ method: 'GET', url: clientUrl(999_999_999) })).status).toBe(404);
  });

  it("is the project's client's users only: another client's 404, staff and provider users 403, another company 404", async () => {
    const { p } = await sentQuote();
    expect((await asOtherClientUser({ method: 'GET', url: clientUrl(p.id) })).status).toBe(404);
    expect((await asA({ method: 'GET', url: clientUrl(p.id) })).status).toBe(403);
    expect((await asEmployee({ method: 'GET', url: clientUrl(p.id) })).status).toBe(403);
    expect((await asProviderUser({ method: 'GET', url: clientUrl(p.id) })).status).toBe(403);
    expect((await asB({ method: 'GET', url: clientUrl(p.id) })).status).toBe(403);
    const bClient = await factories.createClientCo(b);
    const bUser = await factories.createClientUser(b, bClient.id, 'client_admin');
    const asBClient = await signedIn(t, b, bUser);
    expect((await asBClient({ method: 'GET', url: clientUrl(p.id) })).status).toBe(404);
    expect((await respond(p.id, { quote_id: 1, decision: 'Rejected', reason: 'x' }, asBClient)).status).toBe(404);
  });
});

describe('the client answers', () => {
  it('accepts with their typed name: Accepted, signed, recorded and the staff e-mailed', async () => {
    const { p, q } = await sentQuote();
    const res = await respond(p.id, { quote_id: q.id, decision: 'Accepted', name: '  Grace Howard ' });
    expect(res.status, res.text).toBe(200);
    const view = res.json as QuoteView;
    expect(view).toMatchObject({
      status: 'Accepted',
      client_decision: 'Accepted',
      client_decision_name: 'Grace Howard',
      reason: null,
      version: q.version + 1,
    });
    expect(Date.parse(view.client_decision_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.text).not.toContain('60.25');

    const staff = (await asA({ method: 'GET', url: quotesUrl(p.id, `/${q.id}`) })).json as QuoteView;
    expect(staff).toMatchObject({
      status: 'Accepted',
      client_decision: 'Accepted',
      client_decision_name: 'Grace Howard',
    });

    // The project manager and the company admins hear of it, with a link to the quotes.
    for (const to of [manager.email, a.admin.email]) {
      const mail = await waitForMail(to, { subject: `${CLIENT_QUOTE_TEXT.decisionMailSubject}: ${q.code} Accepted` });
      expect(mail.text).toContain('Grace Howard');
      expect(mail.text).toContain(`/projects/${p.id}/quotes`);
    }

    // A second answer is refused.
    const again = await respond(p.id, { quote_id: q.id, decision: 'Rejected', reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(CLIENT_QUOTE_TEXT.notAnswerable);
  });

  it('rejects with a reason, kept like the staff dropdown keeps it', async () => {
    const { p, q } = await sentQuote();
    const res = await respond(p.id, { quote_id: q.id, decision: 'Rejected', reason: 'Over our budget.\nSorry.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      status: 'Rejected',
      reason: 'Over our budget.\nSorry.',
      client_decision: 'Rejected',
      client_decision_name: null,
    });
    const mail = await waitForMail(manager.email, {
      subject: `${CLIENT_QUOTE_TEXT.decisionMailSubject}: ${q.code} Rejected`,
    });
    expect(mail.text).toContain('Over our budget.');
    expect((await respond(p.id, { quote_id: q.id, decision: 'Accepted', name: 'Grace' })).status).toBe(409);
  });

  it('follows the status rules: no second Accepted quote on a project (409)', async () => {
    const { p, q } = await sentQuote();
    const other = await newQuote(p.id);
    const accepted = await asA({
      method: 'POST',
      url: quotesUrl(p.id, `/${other.id}/status`),
      body: { status: 'Accepted' },
    });
    expect(accepted.status).toBe(200);
    const res = await respond(p.id, { quote_id: q.id, decision: 'Accepted', name: 'Grace Howard' });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(QUOTE_TEXT.otherAccepted);
    const still = (await asA({ method: 'GET', url: quotesUrl(p.id, `/${q.id}`) })).json as QuoteView;
    expect(still).toMatchObject({ status: 'Draft', client_decision: null });
  });

  it('answers only a sent Draft: an unsent quote 404, one staff changed meanwhile 409', async () => {
    const p = await newProject();
    const unsent = await newQuote(p.id);
    expect((await respond(p.id, { quote_id: unsent.id, decision: 'Rejected', reason: 'x' })).status).toBe(404);
    const q = await newQuote(p.id);
    expect((await send(p.id, q.id)).status).toBe(200);
    await asA({ method: 'POST', url: quotesUrl(p.id, `/${q.id}/status`), body: { status: 'Void' } });
    const res = await respond(p.id, { quote_id: q.id, decision: 'Accepted', name: 'Grace Howard' });
    expect(res.status).toBe(409);
  });

  it('is refused to staff (403), provider users (403) and another client (404)', async () => {
    const { p, q } = await sentQuote();
    const body = { quote_id: q.id, decision: 'Accepted', name: 'X' };
    expect((await respond(p.id, body, asA)).status).toBe(403);
    expect((await respond(p.id, body, asProviderUser)).status).toBe(403);
    expect((await respond(p.id, body, asOtherClientUser)).status).toBe(404);
    expect((await respond(p.id, body, asB)).status).toBe(403);
  });

  it('answers 422 per field', async () => {
    const { p, q } = await sentQuote();
    const noName = await respond(p.id, { quote_id: q.id, decision: 'Accepted', name: '   ' });
    expect(noName.status).toBe(422);
    expect(noName.json.errors).toEqual({ name: [CLIENT_QUOTE_TEXT.nameRequired] });
    const noReason = await respond(p.id, { quote_id: q.id, decision: 'Rejected' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors).toEqual({ reason: [CLIENT_QUOTE_TEXT.reasonRequired] });
    const long = await respond(p.id, { quote_id: q.id, decision: 'Rejected', reason: 'x'.repeat(5001) });
    expect(long.status).toBe(422);
    expect(Object.keys(long.json.errors)).toEqual(['reason']);
    const bad = await respond(p.id, { quote_id: 'nope', decision: 'Maybe' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['decision', 'quote_id']);
    // Nothing changed.
    const still = (await asA({ method: 'GET', url: quotesUrl(p.id, `/${q.id}`) })).json as QuoteView;
    expect(still).toMatchObject({ status: 'Draft', client_decision: null });
  });
});
