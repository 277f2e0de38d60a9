import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientQuoteView,
  ProviderAgreementList,
  QuoteAgreementsView,
  QuoteSummary,
  QuoteView,
} from '@siteflow/core';
import { as, oneCompany, type TestApp, type TestTenant } from '../../test/companies.js';
import { createUser, ownerPool, signIn } from '../../test/harness.js';
import { hashPassword } from '../platform/passwords.js';
import { seedDemoCatalogue } from './catalogue.js';
import { DEMO_CLIENT_ADMIN, seedDemoProjects } from './projects.js';
import { DEMO_PROVIDER_ADMIN, seedDemoProviders } from './providers.js';
import { DEMO_ACCEPTED_QUOTE, DEMO_AGREEMENT_NOTES, DEMO_PLUMBER, seedDemoQuotes } from './quotes.js';

let t: TestApp;
let tenant: TestTenant;
const PASSWORD = 'siteflow-demo';
const q = async <T>(text: string, values: unknown[] = [tenant.id]) =>
  (await ownerPool().query(text, values)).rows as T[];

beforeAll(async () => {
  ({ t, tenant } = await oneCompany({ gazetteer: true }));
  await createUser(tenant, 'company_employee', { isProjectManager: true });
  const passwordHash = await hashPassword(PASSWORD);
  const today = new Date();
  await seedDemoProjects(t.deps.db, tenant.id, { passwordHash, today });
  await seedDemoProviders(t.deps.db, tenant.id, { passwordHash, today });
  await seedDemoCatalogue(t.deps.db, tenant.id);
});
afterAll(async () => {
  await t?.close();
});

describe('demo quotes seed', () => {
  it('creates an Accepted quote with two agreements, a Draft and a Draft sent to Harbourside, once; staff, the provider and the client see them', async () => {
    // SparkRight may not be Approved in a demo a person has changed: the seed approves it.
    await q(`update service_providers set status_code = 'evaluating' where tenant_id = $1 and name = $2`, [
      tenant.id,
      DEMO_PROVIDER_ADMIN.provider,
    ]);
    expect(await seedDemoQuotes(t.deps.db, tenant.id)).toEqual({ created: true, quotes: 3, agreements: 2 });
    expect(await seedDemoQuotes(t.deps.db, tenant.id)).toEqual({ created: false, quotes: 3, agreements: 0 });
    const [counts] = await q<{ quotes: number; agreements: number; items: number }>(
      `select (select count(*)::int from quotes where tenant_id = $1) as quotes,
        (select count(*)::int from service_provider_agreements where tenant_id = $1) as agreements,
        (select count(*)::int from quote_line_items where tenant_id = $1) as items`,
    );
    expect(counts).toMatchObject({ quotes: 3, agreements: 2 });

    const [acc] = await q<{ id: string; project_id: string; status: string }>(
      `select q.id, q.project_id, p.status from quotes q join projects p on p.id = q.project_id
       where q.tenant_id = $1 and q.status = 'Accepted'`,
    );
    expect(['scheduled', 'order']).toContain(acc!.status);
    const projectId = Number(acc!.project_id);
    const quoteId = Number(acc!.id);

    // Staff: the quote as the editor shows it, and its agreements with their sections.
    const asAdmin = as(t, await signIn(t, tenant.host, tenant.admin.email), tenant.host);
    const quoteRes = await asAdmin({ url: `/api/projects/${projectId}/quotes/${quoteId}` });
    expect(quoteRes.status, quoteRes.text).toBe(200);
    const quote = quoteRes.json as QuoteView;
    expect(quote.status).toBe('Accepted');
    expect(quote.code).toMatch(/^Q-.+-1$/);
    expect(quote.note).toBe(DEMO_ACCEPTED_QUOTE.quote.note);
    expect(quote.sections.map((s) => s.name)).toEqual(['Electrical rough-in', 'Plumbing', 'Fit-off and commissioning']);
    for (const s of quote.sections) {
      const products = s.line_items.filter((l) => l.category === 'Product');
      expect(products).toHaveLength(1);
      // Linked to the catalogue item, as the line item modal links it.
      expect(products[0]!.product).toMatchObject({ order_status: 'Unknown' });
      expect(products[0]!.product!.work_item_id).toEqual(expect.any(Number));
      expect(s.line_items.length - 1).toBeGreaterThanOrEqual(2);
      expect(s.line_items.length - 1).toBeLessThanOrEqual(4);
    }
    const summaries = (await asAdmin({ url: `/api/projects/${projectId}/quotes` })).json as { items: QuoteSummary[] };
    expect(summaries.items).toHaveLength(1);

    const agrRes = await asAdmin({ url: `/api/projects/${projectId}/quotes/${quoteId}/agreements` });
    expect(agrRes.status, agrRes.text).toBe(200);
    const view = agrRes.json as QuoteAgreementsView;
    const owned = (i: number) => view.agreements[i]!.sections.filter((s) => s.owned);
    expect(view.agreements.map((a) => [a.name, a.status, a.service_provider?.name])).toEqual([
      [`${quote.code}-SPA1`, 'Active', DEMO_PROVIDER_ADMIN.provider],
      [`${quote.code}-SPA2`, 'Active', DEMO_PLUMBER],
    ]);
    expect(owned(0).map((s) => s.name)).toEqual(['Electrical rough-in', 'Fit-off and commissioning']);
    expect(owned(1).map((s) => s.name)).toEqual(['Plumbing']);
    for (const s of [...owned(0), ...owned(1)]) expect(Number(s.contract_price)).toBeLessThan(Number(s.sell_price));
    expect(view.agreements[0]!.notes).toBe(DEMO_AGREEMENT_NOTES);
    expect(view.agreements[0]!.response).toBeNull();
    // Both providers are Approved (SparkRight was set back to it).
    expect(view.providers.map((p) => p.name)).toEqual(
      expect.arrayContaining([DEMO_PROVIDER_ADMIN.provider, DEMO_PLUMBER]),
    );

    // The provider's user lists SparkRight's agreement, not yet answered.
    const asSam = as(t, await signIn(t, tenant.host, DEMO_PROVIDER_ADMIN.email, PASSWORD), tenant.host);
    const list = await asSam({ url: '/api/agreements' });
    expect(list.status, list.text).toBe(200);
    const mine = list.json as ProviderAgreementList;
    expect(mine.items.map((a) => [a.name, a.response, a.contract_price])).toEqual([
      [`${quote.code}-SPA1`, null, '6250.00'],
    ]);
    const opened = await asSam({ url: `/api/agreements/${mine.items[0]!.id}` });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json).toMatchObject({ notes: DEMO_AGREEMENT_NOTES, response: null });
    // ... and can accept it (the demo's first step for a provider user).
    const accept = await asSam({
      method: 'POST',
      url: `/api/agreements/${mine.items[0]!.id}/response`,
      body: { response: 'Accepted' },
    });
    expect(accept.status, accept.text).toBe(200);

    // The Harbourside client admin sees the sent Draft on their project.
    const [sent] = await q<{ project_id: string; code: string; client: string }>(
      `select q.project_id, q.code, c.trading_name as client from quotes q
         join projects p on p.id = q.project_id join clients c on c.id = p.client_id
       where q.tenant_id = $1 and q.sent_at is not null`,
    );
    expect(sent!.client).toBe('Harbourside Property Group');
    const asGrace = as(t, await signIn(t, tenant.host, DEMO_CLIENT_ADMIN.email, PASSWORD), tenant.host);
    const clientQuote = await asGrace({ url: `/api/projects/${sent!.project_id}/client-quote` });
    expect(clientQuote.status, clientQuote.text).toBe(200);
    expect((clientQuote.json as ClientQuoteView).quote).toMatchObject({
      code: sent!.code,
      status: 'Draft',
      client_decision: null,
      sent_by_name: `${tenant.admin.firstName} ${tenant.admin.lastName}`,
    });
    // ... and can answer it.
    const answer = await asGrace({
      method: 'POST',
      url: `/api/projects/${sent!.project_id}/client-quote/respond`,
      body: { quote_id: (clientQuote.json as ClientQuoteView).quote!.id, decision: 'Accepted', name: 'Grace Howard' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ client_decision: 'Accepted', client_decision_name: 'Grace Howard' });

    // The other Draft is on a project that is neither the Accepted quote's nor Harbourside's.
    const [draft] = await q<{ sections: number; sent: boolean; client: string; status: string }>(
      `select (select count(*)::int from quote_sections s where s.quote_id = q.id) as sections,
         q.sent_at is not null as sent, c.trading_name as client, p.status
       from quotes q join projects p on p.id = q.project_id join clients c on c.id = p.client_id
       where q.tenant_id = $1 and q.status = 'Draft' and q.sent_at is null`,
    );
    expect(draft).toMatchObject({ sections: 2, sent: false, status: 'quote' });
    expect(draft!.client).not.toBe('Harbourside Property Group');
  });
});
