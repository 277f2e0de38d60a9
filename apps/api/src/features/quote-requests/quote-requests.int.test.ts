import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_REQUEST_TEXT } from '@siteflow/core';
import { outbox, projects, quoteRequestFiles } from '../../platform/db/schema.js';
import {
  createClientCo,
  createClientUser,
  createProject,
  createProvider,
  createProviderUser,
} from '../../../test/factories.js';
import { pdfWith } from '../../../test/files.js';
import { asOwner, createUser, formData, pngBytes, uniq } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

let t: TestApp, a: TestTenant, asA: As, asB: As;
let asClient: As, asOtherClient: As, asProvider: As, asEmployee: As, asClientB: As;
let clientId: string, managerId: string, managerEmail: string, otherManagerId: string, employeeEmail: string;
let providerManagerId: string;

beforeAll(async () => {
  let b: TestTenant;
  ({ t, a, b, asA, asB } = await twoCompanies());
  const [client, otherClient, providerClient, clientB] = await Promise.all([
    createClientCo(a),
    createClientCo(a),
    createClientCo(a),
    createClientCo(b),
  ]);
  clientId = client.id;
  const provider = await createProvider(a);
  const [requester, manager, otherManager, providerManager, otherRequester, providerUser, employee, requesterB] =
    await Promise.all([
      createClientUser(a, client.id, 'client_admin'),
      createClientUser(a, client.id, 'client_am'),
      createClientUser(a, otherClient.id, 'client_am'),
      createClientUser(a, providerClient.id, 'client_am'),
      createClientUser(a, otherClient.id, 'client_account'),
      createProviderUser(a, provider.id, 'sp_employee'),
      createUser(a, 'company_employee'),
      createClientUser(b, clientB.id, 'client_admin'),
    ]);
  managerId = manager.id;
  managerEmail = manager.email;
  otherManagerId = otherManager.id;
  providerManagerId = providerManager.id;
  employeeEmail = employee.email;
  // The provider works on one of providerClient's projects, so that client's account manager is offered.
  await createProject(a, providerClient, { providerId: provider.id, amId: providerManager.id });
  [asClient, asOtherClient, asProvider, asEmployee, asClientB] = await Promise.all([
    signedIn(t, a, requester),
    signedIn(t, a, otherRequester),
    signedIn(t, a, providerUser),
    signedIn(t, a, employee),
    signedIn(t, b, requesterB),
  ]);
});
afterAll(() => t.close());

const form = (over: Record<string, unknown> = {}) => ({
  project_name: `Roof ${uniq()}`,
  street: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  contact_name: 'Sam Site',
  contact_position: 'Facilities',
  contact_email: 'sam@site.test',
  contact_phone: '0400 000 000',
  account_manager: '',
  summary: 'Replace the roof sheets over the loading dock.',
  notes: 'Photos attached.',
  ...over,
});

async function draft(as: As = asClient): Promise<string> {
  const res = await as({ method: 'POST', url: '/api/quote-requests' });
  expect(res.status, res.text).toBe(201);
  return res.json.quoteRequest.id as string;
}

const upload = (as: As, id: string, data: Buffer, filename: string, type = 'application/octet-stream') =>
  as({ method: 'POST', url: `/api/quote-requests/${id}/files`, body: formData({}, { data, filename, type }) });

describe('quote requests', () => {
  it('creates a Quote-status project the client requester sees, with the files and the site contact, and e-mails the staff', async () => {
    const id = await draft();
    const png = await upload(asClient, id, pngBytes(4, 4), 'site.png', 'image/png');
    expect(png.status, png.text).toBe(201);
    expect(png.json.file).toMatchObject({ name: 'site.png', mime: 'image/png' });
    const pdf = await upload(asClient, id, await pdfWith('clean'), 'scope.pdf', 'application/pdf');
    expect(pdf.status, pdf.text).toBe(201);

    const body = form({ account_manager: managerId });
    const res = await asClient({ method: 'POST', url: `/api/quote-requests/${id}/submit`, body });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe(QUOTE_REQUEST_TEXT.successBody);
    const projectId = Number(/^\/projects\/(\d+)\/show$/.exec(res.json.redirect_url)?.[1]);
    expect(projectId).toBeGreaterThan(0);

    const seen = await asClient({ url: `/api/projects/${projectId}` });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.json).toMatchObject({ name: body.project_name, status: 'quote' });
    const list = await asClient({ url: `/api/projects?search=${encodeURIComponent(body.project_name as string)}` });
    expect(list.json.items.map((p: { id: number }) => p.id)).toContain(projectId);
    // Another client's user does not see it; the company does.
    expect((await asOtherClient({ url: `/api/projects/${projectId}` })).status).toBe(404);
    expect((await asA({ url: `/api/projects/${projectId}` })).status).toBe(200);

    const [row] = await asOwner(a.id, (tx) => tx.select().from(projects).where(eq(projects.id, projectId)));
    expect(row).toMatchObject({ clientId, clientAmId: managerId, summary: body.summary, street: '1 Queen St' });
    const files = await asOwner(a.id, (tx) =>
      tx.select().from(quoteRequestFiles).where(eq(quoteRequestFiles.quoteRequestId, id)),
    );
    expect(files.map((f) => f.name).sort()).toEqual(['scope.pdf', 'site.png']);

    // The company admin and the chosen account manager are e-mailed through the outbox; an employee is not.
    const mails = await asOwner(a.id, (tx) =>
      tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'email'), like(outbox.subject, `%${body.project_name}%`))),
    );
    expect(mails.map((m) => m.to).sort()).toEqual([a.admin.email, managerEmail].map((e) => e.toLowerCase()).sort());
    expect(mails[0]!.subject).toMatch(/^New quote request: /);
    expect(mails[0]!.text).toContain(body.summary);
    expect(mails[0]!.text).toContain(`/projects/${projectId}/show`);
    expect(mails.some((m) => m.to === employeeEmail.toLowerCase())).toBe(false);

    // Sent once: the draft is closed.
    const again = await asClient({ method: 'POST', url: `/api/quote-requests/${id}/submit`, body });
    expect(again.status).toBe(409);
    expect((await upload(asClient, id, pngBytes(), 'late.png', 'image/png')).status).toBe(409);
  });

  it('lists the account managers a requester may choose, and refuses another', async () => {
    const mine = await asClient({ url: '/api/quote-requests/account-managers' });
    expect(mine.status).toBe(200);
    expect(mine.json.account_managers.map((m: { id: string }) => m.id)).toEqual([managerId]);
    const theirs = await asProvider({ url: '/api/quote-requests/account-managers' });
    expect(theirs.json.account_managers.map((m: { id: string }) => m.id)).toEqual([providerManagerId]);

    const id = await draft();
    const res = await asClient({
      method: 'POST',
      url: `/api/quote-requests/${id}/submit`,
      body: form({ account_manager: otherManagerId }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.account_manager).toEqual([QUOTE_REQUEST_TEXT.accountManagerInvalid]);
  });

  it("a provider user's request goes to the chosen manager's client, with the provider assigned so they see it", async () => {
    const id = await draft(asProvider);
    const missing = await asProvider({ method: 'POST', url: `/api/quote-requests/${id}/submit`, body: form() });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.account_manager).toEqual([QUOTE_REQUEST_TEXT.accountManagerRequired]);

    const res = await asProvider({
      method: 'POST',
      url: `/api/quote-requests/${id}/submit`,
      body: form({ account_manager: providerManagerId }),
    });
    expect(res.status, res.text).toBe(200);
    const seen = await asProvider({
      url: res.json.redirect_url.replace('/show', '').replace('/projects', '/api/projects'),
    });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.json.status).toBe('quote');
  });

  it('answers 422 per field with the first message, the limits of the spec', async () => {
    const id = await draft();
    const res = await asClient({
      method: 'POST',
      url: `/api/quote-requests/${id}/submit`,
      body: form({
        project_name: ' ',
        street: '',
        suburb: '',
        state: 'XX',
        postcode: 'abc',
        contact_name: '',
        contact_email: 'not-an-email',
        summary: 'x'.repeat(501),
        notes: 'y'.repeat(501),
      }),
    });
    expect(res.status).toBe(422);
    const e = res.json.errors;
    expect(e.project_name).toEqual([QUOTE_REQUEST_TEXT.projectNameRequired]);
    expect(e.street).toEqual([QUOTE_REQUEST_TEXT.streetRequired]);
    expect(e.suburb).toEqual([QUOTE_REQUEST_TEXT.suburbRequired]);
    expect(e.state).toEqual([QUOTE_REQUEST_TEXT.stateRequired]);
    expect(e.postcode?.[0]).toBeTruthy();
    expect(e.contact_name).toEqual([QUOTE_REQUEST_TEXT.contactNameRequired]);
    expect(e.contact_email?.[0]).toBeTruthy();
    expect(e.summary).toEqual([QUOTE_REQUEST_TEXT.summaryMax]);
    expect(e.notes).toEqual([QUOTE_REQUEST_TEXT.notesMax]);
    // 500 is allowed.
    const ok = await asClient({
      method: 'POST',
      url: `/api/quote-requests/${id}/submit`,
      body: form({ summary: 's'.repeat(500), notes: 'n'.repeat(500) }),
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('refuses a wrong extension or content that does not match it, and the 9th file', async () => {
    const id = await draft();
    const txt = await upload(asClient, id, Buffer.from('hello'), 'notes.txt', 'text/plain');
    expect(txt.status).toBe(422);
    expect(txt.json.errors.file).toEqual([QUOTE_REQUEST_TEXT.fileType]);
    // A PNG named .pdf, a PDF named .docx, a script named .png.
    expect((await upload(asClient, id, pngBytes(), 'plan.pdf')).json.errors.file).toEqual([
      QUOTE_REQUEST_TEXT.fileType,
    ]);
    expect((await upload(asClient, id, await pdfWith('clean'), 'plan.docx')).status).toBe(422);
    expect((await upload(asClient, id, Buffer.from('<script>alert(1)</script>'), 'x.png')).status).toBe(422);
    // An OLE compound file (.msg / .doc / .xls) is accepted by content.
    const cfb = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    const msg = await upload(asClient, id, cfb, 'email.msg');
    expect(msg.status, msg.text).toBe(201);

    for (let i = 2; i <= 8; i++)
      expect((await upload(asClient, id, pngBytes(), `p${i}.png`, 'image/png')).status).toBe(201);
    const ninth = await upload(asClient, id, pngBytes(), 'p9.png', 'image/png');
    expect(ninth.status).toBe(422);
    expect(ninth.json.errors.file).toEqual([QUOTE_REQUEST_TEXT.maxFiles]);

    // Removing one makes room again.
    const list = await asOwner(a.id, (tx) =>
      tx.select().from(quoteRequestFiles).where(eq(quoteRequestFiles.quoteRequestId, id)),
    );
    expect(list).toHaveLength(8);
    const del = await asClient({ method: 'DELETE', url: `/api/quote-requests/${id}/files/${list[0]!.id}` });
    expect(del.status).toBe(200);
    expect((await upload(asClient, id, pngBytes(), 'p9.png', 'image/png')).status).toBe(201);
  });

  it("keeps a request to its requester: another user's or another tenant's is 404, staff are refused", async () => {
    const id = await draft();
    expect((await upload(asOtherClient, id, pngBytes(), 'a.png', 'image/png')).status).toBe(404);
    expect(
      (await asOtherClient({ method: 'POST', url: `/api/quote-requests/${id}/submit`, body: form() })).status,
    ).toBe(404);
    // Another company's user on its own host.
    expect((await upload(asClientB, id, pngBytes(), 'a.png', 'image/png')).status).toBe(404);
    expect((await asClientB({ method: 'POST', url: `/api/quote-requests/${id}/submit`, body: form() })).status).toBe(
      404,
    );
    // Staff create projects themselves.
    expect((await asEmployee({ method: 'POST', url: '/api/quote-requests' })).status).toBe(403);
    expect((await asA({ url: '/api/quote-requests/account-managers' })).status).toBe(403);
    expect((await asB({ method: 'POST', url: `/api/quote-requests/${id}/submit`, body: form() })).status).toBe(403);
  });
});
