import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LINK_TEXT } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { TestClient, TestProject } from '../../../test/factories.js';
import { asOwner, createUser, request, signIn, type RequestOptions } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { projectLinks } from '../../platform/db/schema.js';
import { LINK_DELETED } from './routes.js';

let t: TestApp, a: TestTenant, asA: As, asB: As, asEmployee: As;
let client: TestClient;
let project: TestProject;

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  client = await factories.createClientCo(a);
  project = await factories.createProject(a, client);
  asEmployee = await signedIn(t, a, await createUser(a, 'company_employee'));
});
afterAll(() => t.close());

const linksOf = (id: number) => `/api/projects/${id}/links`;

async function addLink(projectId: number, body: Record<string, unknown>, as = asA) {
  const res = await as({ method: 'POST', url: linksOf(projectId), body });
  expect(res.status, res.text).toBe(201);
  return res.json.link as { id: string; title: string; url: string; summary: string | null };
}

describe('project links', () => {
  it('creates with https:// forced, reads, updates and deletes', async () => {
    const res = await asEmployee({
      method: 'POST',
      url: linksOf(project.id),
      body: { title: 'Plans', url: 'http://files.example.com/plans.pdf', summary: 'Latest set' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      message: PROJECT_LINK_TEXT.created,
      link: {
        id: expect.any(String),
        title: 'Plans',
        url: 'https://files.example.com/plans.pdf',
        summary: 'Latest set',
        updated_at: expect.any(String),
      },
    });
    const id = res.json.link.id;
    expect((await asA({ url: `${linksOf(project.id)}/${id}` })).json).toEqual(res.json.link);

    const upd = await asA({
      method: 'PUT',
      url: `${linksOf(project.id)}/${id}`,
      body: { title: 'Plans v2', url: 'drive.example.com/x?y=1', summary: '' },
    });
    expect(upd.status).toBe(200);
    expect(upd.json).toMatchObject({
      message: PROJECT_LINK_TEXT.saved,
      link: { title: 'Plans v2', url: 'https://drive.example.com/x?y=1', summary: null },
    });
    const https = await asA({
      method: 'PUT',
      url: `${linksOf(project.id)}/${id}`,
      body: { url: 'HTTPS://secure.example.com' },
    });
    expect(https.json.link.url).toBe('https://secure.example.com');
    const [row] = await asOwner(a.id, (tx) => tx.select().from(projectLinks).where(eq(projectLinks.id, id)));
    expect(row!.url).toBe('https://secure.example.com');

    const del = await asA({ method: 'DELETE', url: `${linksOf(project.id)}/${id}` });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: LINK_DELETED });
    expect((await asA({ url: `${linksOf(project.id)}/${id}` })).status).toBe(404);
    expect((await asA({ method: 'DELETE', url: `${linksOf(project.id)}/${id}` })).status).toBe(404);
  });

  it('refuses a url that is no web address', async () => {
    for (const url of ['', 'not a url', 'https://', 'javascript:alert(1)']) {
      const res = await asA({ method: 'POST', url: linksOf(project.id), body: { title: 'x', url } });
      expect(res.status, url).toBe(422);
      expect(res.json.errors, url).toEqual({ url: [PROJECT_LINK_TEXT.urlInvalid] });
    }
  });

  it('lists newest first, paged on the server', async () => {
    const p = await factories.createProject(a, client);
    for (const n of [1, 2, 3]) await addLink(p.id, { title: `Link ${n}`, url: `example.com/${n}` });
    const page1 = await asA({ url: `${linksOf(p.id)}?pageSize=2` });
    expect(page1.json).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.json.items.map((l: { title: string }) => l.title)).toEqual(['Link 3', 'Link 2']);
    const page2 = await asA({ url: `${linksOf(p.id)}?pageSize=2&page=2` });
    expect(page2.json.items.map((l: { title: string }) => l.title)).toEqual(['Link 1']);
    // Another project's links are not this one's.
    expect((await asA({ url: linksOf(project.id) })).json.items.map((l: { title: string }) => l.title)).not.toContain(
      'Link 1',
    );
    const other = page1.json.items[0].id;
    expect((await asA({ url: `${linksOf(project.id)}/${other}` })).status).toBe(404);
    expect((await asA({ method: 'PUT', url: `${linksOf(project.id)}/${other}`, body: { url: 'a.com' } })).status).toBe(
      404,
    );
  });

  it('users who can see the project read its links; only staff manage them', async () => {
    const provider = await factories.createProvider(a);
    const p = await factories.createProject(a, client, { providerId: provider.id });
    const link = await addLink(p.id, { title: 'Shared', url: 'example.com/shared' });
    const readers = [
      await factories.createClientUser(a, client.id, 'client_admin'),
      await factories.createProviderUser(a, provider.id, 'sp_employee'),
    ];
    for (const u of readers) {
      const as = await signedIn(t, a, u);
      expect(
        (await as({ url: linksOf(p.id) })).json.items.map((l: { id: string }) => l.id),
        u.role,
      ).toEqual([link.id]);
      expect((await as({ url: `${linksOf(p.id)}/${link.id}` })).status, u.role).toBe(200);
      for (const w of [
        { method: 'POST', url: linksOf(p.id), body: { url: 'a.com' } },
        { method: 'PUT', url: `${linksOf(p.id)}/${link.id}`, body: { url: 'a.com' } },
        { method: 'DELETE', url: `${linksOf(p.id)}/${link.id}` },
      ] as RequestOptions[]) {
        expect((await as(w)).status, `${u.role} ${w.method}`).toBe(403);
      }
    }
    // A client user of another client, or a provider not assigned, does not see the project at all.
    const otherClient = await factories.createClientCo(a);
    const outsider = await factories.createClientUser(a, otherClient.id, 'client_admin');
    const outsiderCookie = await signIn(t, a.host, outsider.email);
    expect((await request(t, { host: a.host, cookie: outsiderCookie, url: linksOf(p.id) })).status).toBe(404);
    expect(
      (await request(t, { host: a.host, cookie: outsiderCookie, url: `${linksOf(p.id)}/${link.id}` })).status,
    ).toBe(404);
  });

  it("another company's project links are 404 on every route", async () => {
    const link = await addLink(project.id, { title: 'Private', url: 'example.com/private' });
    for (const w of [
      { url: linksOf(project.id) },
      { url: `${linksOf(project.id)}/${link.id}` },
      { method: 'POST', url: linksOf(project.id), body: { url: 'a.com' } },
      { method: 'PUT', url: `${linksOf(project.id)}/${link.id}`, body: { url: 'stolen.com' } },
      { method: 'DELETE', url: `${linksOf(project.id)}/${link.id}` },
    ] as RequestOptions[]) {
      const res = await asB(w);
      expect(res.status, `${w.method ?? 'GET'} ${w.url}`).toBe(404);
      expect(res.text).not.toContain('Private');
    }
    expect((await asA({ url: `${linksOf(project.id)}/${link.id}` })).json.url).toBe('https://example.com/private');
  });
});
