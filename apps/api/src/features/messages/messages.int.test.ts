import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATE_TEXT } from '@siteflow/core';
import {
  createClientCo,
  createClientUser,
  createProject,
  createProvider,
  createProviderUser,
  type TestClient,
} from '../../../test/factories.js';
import { asOwner, createUser, uniq } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { siteContacts } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As;
let asEmployee: As, asClientUser: As, asProviderUser: As, client: TestClient, provider: { id: string; name: string };

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  [client, provider] = await Promise.all([createClientCo(a), createProvider(a)]);
  [asEmployee, asClientUser, asProviderUser] = await Promise.all([
    signedIn(t, a, await createUser(a, 'company_employee')),
    signedIn(t, a, await createClientUser(a, client.id, 'client_admin')),
    signedIn(t, a, await createProviderUser(a, provider.id, 'sp_admin')),
  ]);
});
afterAll(() => t.close());

const emailBody = (name = `Welcome ${uniq()}`) => ({
  channel: 'email',
  name,
  subject: 'Project {{project_name}}',
  body: '<p>Hello {{site_contact_name}}, from {{user_name}}.</p>',
});

async function newTemplate(body: Record<string, unknown> = emailBody(), as: As = asA) {
  const res = await as({ method: 'POST', url: '/api/message-templates', body });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

describe('message templates', () => {
  it('creates, reads, lists, updates and deletes a template', async () => {
    const created = await newTemplate({ ...emailBody(), client_id: client.id });
    expect(created).toMatchObject({
      channel: 'email',
      status: 'Active',
      client_id: client.id,
      client_name: client.tradingName,
      original_template_id: null,
    });
    const id = created.id as string;
    const unsafe = await newTemplate({ ...emailBody(), body: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(unsafe.body).toBe('<p>Hi</p>');
    expect((await asA({ url: `/api/message-templates/${id}` })).json.name).toBe(created.name);

    const updated = await asA({
      method: 'PUT',
      url: `/api/message-templates/${id}`,
      body: { ...emailBody('Renamed'), status: 'Inactive' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: 'Renamed', status: 'Inactive', client_id: null });

    expect((await asA({ method: 'DELETE', url: `/api/message-templates/${id}` })).status).toBe(200);
    expect((await asA({ url: `/api/message-templates/${id}` })).status).toBe(404);
  });

  it('searches and filters by channel and status, a page at a time', async () => {
    const tag = uniq();
    await newTemplate({ ...emailBody(`Mail ${tag}`) });
    await newTemplate({
      channel: 'sms',
      name: `Text ${tag}`,
      body: 'On our way to {{project_name}}',
      status: 'Inactive',
    });
    const all = await asA({ url: `/api/message-templates?search=${tag}` });
    expect(all.json.total).toBe(2);
    const sms = await asA({ url: `/api/message-templates?search=${tag}&channel=sms` });
    expect(sms.json.items.map((i: { name: string }) => i.name)).toEqual([`Text ${tag}`]);
    expect(sms.json.items[0].subject).toBeNull();
    const active = await asA({ url: `/api/message-templates?search=${tag}&status=Active` });
    expect(active.json.items.map((i: { name: string }) => i.name)).toEqual([`Mail ${tag}`]);
    const page = await asA({ url: `/api/message-templates?search=${tag}&pageSize=1&page=2` });
    expect(page.json).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.json.items).toHaveLength(1);
  });

  it('answers 422 per field', async () => {
    const res = await asA({
      method: 'POST',
      url: '/api/message-templates',
      body: { channel: 'email', name: '', body: '' },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toMatchObject({
      name: [MESSAGE_TEMPLATE_TEXT.nameRequired],
      subject: [MESSAGE_TEMPLATE_TEXT.subjectRequired],
      body: [MESSAGE_TEMPLATE_TEXT.bodyRequired],
    });
    const long = await asA({
      method: 'POST',
      url: '/api/message-templates',
      body: { channel: 'sms', name: 'Long', body: 'x'.repeat(1601) },
    });
    expect(long.json.errors.body).toEqual([MESSAGE_TEMPLATE_TEXT.smsTooLong]);
    const otherClient = await createClientCo(b);
    const foreign = await asA({
      method: 'POST',
      url: '/api/message-templates',
      body: { ...emailBody(), client_id: otherClient.id },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.client_id).toEqual([MESSAGE_TEMPLATE_TEXT.clientNotFound]);
  });

  it('lets employees manage templates and refuses client and provider users', async () => {
    const mine = await newTemplate(emailBody(), asEmployee);
    expect((await asEmployee({ url: `/api/message-templates/${mine.id}` })).status).toBe(200);
    for (const as of [asClientUser, asProviderUser]) {
      expect((await as({ url: '/api/message-templates' })).status).toBe(403);
      expect((await as({ method: 'POST', url: '/api/message-templates', body: emailBody() })).status).toBe(403);
      expect((await as({ url: `/api/message-templates/${mine.id}` })).status).toBe(403);
      expect((await as({ method: 'DELETE', url: `/api/message-templates/${mine.id}` })).status).toBe(403);
      const preview = await as({ method: 'POST', url: '/api/message-templates/preview', body: emailBody() });
      expect(preview.status).toBe(403);
    }
  });

  it("answers 404 for another tenant's template", async () => {
    const theirs = await newTemplate(emailBody(), asB);
    expect((await asA({ url: `/api/message-templates/${theirs.id}` })).status).toBe(404);
    expect((await asA({ method: 'PUT', url: `/api/message-templates/${theirs.id}`, body: emailBody() })).status).toBe(
      404,
    );
    expect((await asA({ method: 'DELETE', url: `/api/message-templates/${theirs.id}` })).status).toBe(404);
    expect((await asB({ url: `/api/message-templates/${theirs.id}` })).status).toBe(200);
  });
});

describe('preview', () => {
  it("fills the variables from a project's data and the signed-in user, escaping HTML values", async () => {
    const manager = await createUser(a, 'company_employee', { firstName: 'Pam', lastName: 'Manager' });
    const project = await createProject(a, client, {
      name: 'Roof <repair> & paint',
      managerId: manager.id,
      providerId: provider.id,
      orderReference: 'PO-77',
      startDate: '2026-03-04 08:00',
    });
    await asOwner(a.id, async (tx) => {
      await tx.delete(siteContacts).where(eq(siteContacts.projectId, project.id));
      await tx.insert(siteContacts).values([
        { tenantId: a.id, projectId: project.id, position: 2, name: 'Second', email: 's@example.com' },
        { tenantId: a.id, projectId: project.id, position: 1, name: 'Sue Site', phone: '0400 000 001' },
      ]);
    });
    const res = await asA({
      method: 'POST',
      url: '/api/message-templates/preview',
      body: {
        channel: 'email',
        subject: '{{project_number}}: {{project_name}}',
        body: '<p>{{project_name}} {{client_trading_name}} {{service_provider_name}} {{order_reference}} {{project_start_date}} {{project_manager_name}} {{site_contact_name}} {{site_contact_mobile}} {{user_name}} {{unknown}}</p>',
        project_id: project.id,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.subject).toBe(`${project.code}: Roof <repair> & paint`);
    expect(res.json.body).toBe(
      `<p>Roof &#60;repair&#62; &#38; paint ${client.tradingName.replace('&', '&#38;')} ${provider.name} PO-77 04/03/2026 Pam Manager Sue Site 0400 000 001 ${a.admin.firstName} ${a.admin.lastName} {{unknown}}</p>`,
    );
  });

  it('fills only the user without a project, and an SMS as plain text', async () => {
    const res = await asA({
      method: 'POST',
      url: '/api/message-templates/preview',
      body: { channel: 'sms', body: 'From {{user_name}} about {{project_name}}' },
    });
    expect(res.json).toEqual({
      subject: null,
      body: `From ${a.admin.firstName} ${a.admin.lastName} about {{project_name}}`,
    });
  });

  it("answers 422 on project_id for another tenant's project", async () => {
    const theirs = await createProject(b, await createClientCo(b));
    const res = await asA({
      method: 'POST',
      url: '/api/message-templates/preview',
      body: { ...emailBody(), project_id: theirs.id },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.project_id).toEqual([MESSAGE_TEMPLATE_TEXT.projectNotFound]);
  });
});
