import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_TEXT, type ProjectRatings, type ProjectView } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { TestClient } from '../../../test/factories.js';
import {
  asOwner,
  createUser,
  mailsTo,
  request,
  signIn,
  uniq,
  waitForMail,
  type RequestOptions,
} from '../../../test/harness.js';
import { twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { projectProviderStaff, serviceProviders } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, adminB: string, employeeA: string, A: As;
let client: TestClient;

beforeAll(async () => {
  ({ t, a, b, adminB, asA: A } = await twoCompanies());
  client = await factories.createClientCo(a);
  employeeA = await signIn(t, a.host, (await createUser(a, 'company_employee')).email);
});
afterAll(() => t.close());

const as = (cookie: string) => (opts: RequestOptions) => request(t, { host: a.host, cookie, ...opts });
const assign = (projectId: number, body: unknown, who = A) =>
  who({ method: 'POST', url: `/api/projects/${projectId}/service-provider`, body });

async function providerWithStaff(name = `Sparkright ${uniq()}`) {
  const p = await factories.createProvider(a, name, { email: `office-${uniq()}@sparkright.test` });
  const [s1, s2] = await Promise.all([
    factories.createProviderUser(a, p.id, 'sp_admin', { firstName: 'Sam', lastName: 'Spark' }),
    factories.createProviderUser(a, p.id, 'sp_employee', { firstName: 'Tia', lastName: 'Tech' }),
  ]);
  const [row] = await asOwner(a.id, (tx) =>
    tx.select({ email: serviceProviders.email }).from(serviceProviders).where(eq(serviceProviders.id, p.id)),
  );
  return { ...p, email: row!.email!, s1, s2 };
}

describe('assign a provider', () => {
  it('assigns the provider and staff, and shows them on the project; a new assignment replaces both', async () => {
    const project = await factories.createProject(a, client);
    const first = await providerWithStaff('First Electrical');
    const res = await assign(project.id, {
      service_provider: first.id,
      service_provider_staff: [first.s1.id, first.s2.id],
    });
    expect(res.status, res.text).toBe(200);
    const view = res.json as ProjectView;
    expect(view.service_provider).toEqual({
      id: first.id,
      name: 'First Electrical',
      sp_users: 'Sam Spark, Tia Tech',
      staff: [
        { id: first.s1.id, full_name: 'Sam Spark' },
        { id: first.s2.id, full_name: 'Tia Tech' },
      ],
      status_code: 'approved',
      status_label: 'Approved',
      status_colour: 'green',
      phone: null,
      email: first.email,
      has_location: true,
      sp_location: { lat: -27.4698, lng: 153.0251, address: '1 Queen Street, Brisbane City QLD 4000' },
      notification: null,
    });
    // No e-mail unless asked.
    expect(await mailsTo(first.email)).toHaveLength(0);

    const second = await providerWithStaff('Second Plumbing');
    const again = await assign(project.id, { service_provider: second.id, service_provider_staff: [second.s2.id] });
    expect(again.json.service_provider).toMatchObject({
      id: second.id,
      name: 'Second Plumbing',
      sp_users: 'Tia Tech',
      staff: [{ id: second.s2.id }],
    });
    const rows = await asOwner(a.id, (tx) =>
      tx.select().from(projectProviderStaff).where(eq(projectProviderStaff.projectId, project.id)),
    );
    expect(rows.map((r) => r.userId)).toEqual([second.s2.id]);
    // The same view on reading the project.
    expect((await A({ url: `/api/projects/${project.id}` })).json.service_provider.id).toBe(second.id);
  });

  it('with send_email_sp, e-mails the provider and its assigned staff through the outbox', async () => {
    const project = await factories.createProject(a, client, {
      name: `Rewire ${uniq()}`,
      street: '5 Edward Street',
      suburb: 'Brisbane City',
      postcode: '4000',
    });
    const p = await providerWithStaff();
    const res = await assign(project.id, {
      service_provider: p.id,
      send_email_sp: true,
      service_provider_staff: [p.s1.id],
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(p.email, { subject: `Project ${project.code}: ${project.name}` });
    expect(mail.text).toContain(`http://${a.host}:3000/projects/${project.id}/show`);
    expect(mail.text).toContain('Address: 5 Edward Street, Brisbane City QLD 4000');
    expect(mail.text).toContain('Start: 2026-11-21 08:00');
    expect(mail.text).toContain('Assigned staff: Sam Spark');
    await waitForMail(p.s1.email, { subject: `Project ${project.code}: ${project.name}` });
    expect(await mailsTo(p.s2.email)).toHaveLength(0);
    expect(res.json.service_provider.notification).toMatchObject({ status: 'pending' });
    // Delivered once the transaction committed: the project now shows it sent.
    expect((await A({ url: `/api/projects/${project.id}` })).json.service_provider.notification.status).toBe('sent');
  });

  it('answers 422 for a missing or unknown provider, staff of another provider, or a finished project', async () => {
    const project = await factories.createProject(a, client);
    const p = await providerWithStaff();
    const other = await providerWithStaff();
    const theirs = await factories.createProvider(b);
    const none = await assign(project.id, {});
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual({ service_provider: [PROVIDER_TEXT.noProviderChosen] });
    for (const id of [theirs.id, (await factories.createProvider(a, `Gone ${uniq()}`, { statusCode: 'deleted' })).id]) {
      const res = await assign(project.id, { service_provider: id });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ service_provider: [PROVIDER_TEXT.noProviderChosen] });
    }
    const staff = await assign(project.id, { service_provider: p.id, service_provider_staff: [p.s1.id, other.s1.id] });
    expect(staff.status).toBe(422);
    expect(staff.json.errors).toEqual({ service_provider_staff: [PROVIDER_TEXT.staffNotOfProvider] });
    for (const status of ['completed', 'cancelled', 'closed'] as const) {
      const done = await factories.createProject(a, client, { status });
      const res = await assign(done.id, { service_provider: p.id });
      expect(res.status).toBe(422);
      expect(res.json).toEqual({
        message: PROVIDER_TEXT.notAssignable,
        errors: { service_provider: [PROVIDER_TEXT.notAssignable] },
      });
    }
    // Nothing was assigned by the refused attempts.
    expect((await A({ url: `/api/projects/${project.id}` })).json.service_provider).toBeNull();
  });

  it('client and provider users may not assign (403); another tenant’s project is 404', async () => {
    const p = await providerWithStaff();
    const project = await factories.createProject(a, client, { providerId: p.id });
    const cu = await factories.createClientUser(a, client.id, 'client_admin');
    for (const u of [cu, p.s1]) {
      const res = await assign(project.id, { service_provider: p.id }, as(await signIn(t, a.host, u.email)));
      expect(res.status).toBe(403);
    }
    const res = await request(t, {
      host: b.host,
      cookie: adminB,
      method: 'POST',
      url: `/api/projects/${project.id}/service-provider`,
      body: { service_provider: p.id },
    });
    expect(res.status).toBe(404);
  });
});

describe('notify the provider', () => {
  it('sends the e-mail through the queue; the notification turns sent', async () => {
    const p = await providerWithStaff();
    const project = await factories.createProject(a, client, { providerId: p.id });
    const res = await request(t, {
      host: a.host,
      cookie: employeeA,
      method: 'POST',
      url: `/api/projects/${project.id}/notify-provider`,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'pending', sent_at: null });
    await waitForMail(p.email, { subject: `Project ${project.code}: ${project.name}` });
    const status = await A({ url: `/api/projects/${project.id}/notify-provider/${res.json.id}` });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ id: res.json.id, status: 'sent' });
    expect(status.json.sent_at).not.toBeNull();
    expect((await A({ url: `/api/projects/${project.id}` })).json.service_provider.notification).toMatchObject({
      id: res.json.id,
      status: 'sent',
    });
    // Not found under another project, or in another tenant.
    const other = await factories.createProject(a, client);
    expect((await A({ url: `/api/projects/${other.id}/notify-provider/${res.json.id}` })).status).toBe(404);
    expect(
      (
        await request(t, {
          host: b.host,
          cookie: adminB,
          url: `/api/projects/${project.id}/notify-provider/${res.json.id}`,
        })
      ).status,
    ).toBe(404);
  });

  it('422 without a provider, or without an address to write to; 403 for client and provider users', async () => {
    const bare = await factories.createProject(a, client);
    const none = await A({ method: 'POST', url: `/api/projects/${bare.id}/notify-provider` });
    expect(none.status).toBe(422);
    expect(none.json.message).toBe(PROVIDER_TEXT.noProviderToNotify);
    const silent = await factories.createProvider(a, `Silent ${uniq()}`, { email: null });
    const project = await factories.createProject(a, client, { providerId: silent.id });
    const noEmail = await A({ method: 'POST', url: `/api/projects/${project.id}/notify-provider` });
    expect(noEmail.status).toBe(422);
    expect(noEmail.json.message).toBe(PROVIDER_TEXT.noProviderEmail);
    const p = await providerWithStaff();
    const theirs = await factories.createProject(a, client, { providerId: p.id });
    const cu = await factories.createClientUser(a, client.id, 'client_am');
    for (const u of [cu, p.s1]) {
      const res = await as(await signIn(t, a.host, u.email))({
        method: 'POST',
        url: `/api/projects/${theirs.id}/notify-provider`,
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('ratings', () => {
  const rate = (projectId: number, kind: string, body: unknown, who = A) =>
    who({ method: 'PUT', url: `/api/projects/${projectId}/ratings/${kind}`, body });
  const averages = async (id: string) => {
    const [row] = await asOwner(a.id, (tx) => tx.select().from(serviceProviders).where(eq(serviceProviders.id, id)));
    return [row!.performanceRating, row!.performanceRatingCount, row!.customerRating, row!.customerRatingCount];
  };

  it('staff rate performance once completed; the provider’s average and count are recomputed', async () => {
    const p = await factories.createProvider(a);
    const open = await factories.createProject(a, client, { providerId: p.id, status: 'scheduled' });
    const refused = await rate(open.id, 'performance', { rating: 4 });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(PROVIDER_TEXT.ratingNotAllowed);
    const noProvider = await factories.createProject(a, client, { status: 'completed' });
    expect((await rate(noProvider.id, 'performance', { rating: 4 })).status).toBe(422);

    const one = await factories.createProject(a, client, { providerId: p.id, status: 'completed' });
    const two = await factories.createProject(a, client, { providerId: p.id, status: 'closed' });
    const res = await rate(one.id, 'performance', { rating: 4, comment: 'On time.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      provider: { id: p.id, name: p.name },
      performance: { rating: 4, comment: 'On time.', rated_by: 'Ada Admin' },
      customer: null,
      abilities: { rate_performance: true, rate_customer: false },
    });
    expect(await averages(p.id)).toEqual([4, 1, null, 0]);
    await rate(two.id, 'performance', { rating: 5 });
    expect(await averages(p.id)).toEqual([4.5, 2, null, 0]);
    // Rating the same project again replaces its rating.
    await rate(one.id, 'performance', { rating: 2.5 });
    expect(await averages(p.id)).toEqual([3.75, 2, null, 0]);
    expect((await A({ url: `/api/service-providers/${p.id}` })).json).toMatchObject({
      performance_ratings: 3.75,
      performance_rating_count: 2,
    });

    for (const rating of [0.3, 6, 0, 'five']) {
      const bad = await rate(one.id, 'performance', { rating });
      expect(bad.status).toBe(422);
      // Said once, even where two checks fail (0.3 is below 0.5 and not a half step).
      expect(bad.json.errors.rating).toEqual([PROVIDER_TEXT.ratingRange]);
    }
    expect((await rate(one.id, 'quality', { rating: 4 })).status).toBe(422);
  });

  it('ratings of several projects of one provider at the same moment all succeed and all count', async () => {
    const p = await factories.createProvider(a);
    const projects = await Promise.all(
      Array.from({ length: 8 }, () => factories.createProject(a, client, { providerId: p.id, status: 'completed' })),
    );
    const answers = await Promise.all(
      projects.map((project, i) =>
        rate(project.id, 'performance', { rating: i % 2 ? 5 : 4 }, i % 2 ? as(employeeA) : A),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(projects.map(() => 200));
    expect(await averages(p.id)).toEqual([4.5, 8, null, 0]);
  });

  it('the client rates the work; client users see only the customer rating', async () => {
    const p = await factories.createProvider(a);
    const project = await factories.createProject(a, client, { providerId: p.id, status: 'completed' });
    await rate(project.id, 'performance', { rating: 3 });
    const cu = await factories.createClientUser(a, client.id, 'client_account', {
      firstName: 'Cleo',
      lastName: 'Client',
    });
    const asClient = as(await signIn(t, a.host, cu.email));
    const res = await rate(project.id, 'customer', { rating: 4.5, comment: 'Tidy work.' }, asClient);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      provider: { id: p.id, name: p.name },
      performance: null,
      customer: { rating: 4.5, comment: 'Tidy work.', rated_by: 'Cleo Client', updated_at: expect.any(String) },
      abilities: { rate_performance: false, rate_customer: true },
    } satisfies ProjectRatings);
    expect(await averages(p.id)).toEqual([3, 1, 4.5, 1]);
    const seenByClient = (await asClient({ url: `/api/projects/${project.id}/ratings` })).json as ProjectRatings;
    expect(seenByClient.performance).toBeNull();
    expect(seenByClient.customer?.rating).toBe(4.5);
    const seenByStaff = (await A({ url: `/api/projects/${project.id}/ratings` })).json as ProjectRatings;
    expect([seenByStaff.performance?.rating, seenByStaff.customer?.rating]).toEqual([3, 4.5]);

    // A client may not rate performance; staff may not give the customer rating; another client's user cannot see the project.
    expect((await rate(project.id, 'performance', { rating: 5 }, asClient)).status).toBe(403);
    expect((await rate(project.id, 'customer', { rating: 5 })).status).toBe(403);
    const stranger = await factories.createClientUser(a, (await factories.createClientCo(a)).id, 'client_admin');
    const asStranger = as(await signIn(t, a.host, stranger.email));
    expect((await rate(project.id, 'customer', { rating: 5 }, asStranger)).status).toBe(404);
    expect((await asStranger({ url: `/api/projects/${project.id}/ratings` })).status).toBe(404);
    expect(
      (await request(t, { host: b.host, cookie: adminB, url: `/api/projects/${project.id}/ratings` })).status,
    ).toBe(404);
  });
});
