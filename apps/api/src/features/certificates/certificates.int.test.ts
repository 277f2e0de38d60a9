import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_TEXT,
  type CertificateTypeView,
  type CertificateView,
  type CertificationsView,
} from '@siteflow/core';
import { createClientCo, createClientUser, createProvider, createProviderUser } from '../../../test/factories.js';
import {
  asOwner,
  createTenant,
  createUser,
  formData,
  JPEG_2X2,
  pngBytes,
  request,
  signIn,
  uniq,
  type FileSpec,
  type RequestOptions,
} from '../../../test/harness.js';
import { twoCompanies, type TestApp, type TestTenant, type TestUser } from '../../../test/companies.js';
import { samePicture } from '../../../test/files.js';
import { certificates, documentFiles } from '../../platform/db/schema.js';
import { certificateToday } from './service.js';

let t: TestApp, a: TestTenant, b: TestTenant, adminA: string, adminB: string;
let employee: TestUser;
let employeeA: string;
let provider: { id: string; name: string };
let otherProvider: { id: string; name: string };
let spAdmin: TestUser;
let spAdminA: string;
let spEmployee: TestUser;
let spEmployeeA: string;
let clientA: string;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const png = (name = 'card.png'): FileSpec => ({
  data: pngBytes(2, 2),
  filename: name,
  type: 'image/png',
  field: 'files[0]',
});
const pdf = (name = 'licence.pdf', field = 'files[1]'): FileSpec => ({
  data: PDF,
  filename: name,
  type: 'application/pdf',
  field,
});

beforeAll(async () => {
  ({ t, a, b, adminA, adminB } = await twoCompanies());
  [employee, provider, otherProvider] = await Promise.all([
    createUser(a, 'company_employee', { firstName: 'Emma', lastName: 'Employee' }),
    createProvider(a, `Sparks ${uniq()}`),
    createProvider(a, `Other ${uniq()}`),
  ]);
  [spAdmin, spEmployee] = await Promise.all([
    createProviderUser(a, provider.id, 'sp_admin', { firstName: 'Sam', lastName: 'Admin' }),
    createProviderUser(a, provider.id, 'sp_employee', { firstName: 'Eve', lastName: 'Worker' }),
  ]);
  const client = await createClientCo(a);
  const clientUser = await createClientUser(a, client.id, 'client_admin');
  [employeeA, spAdminA, spEmployeeA, clientA] = await Promise.all([
    signIn(t, a.host, employee.email),
    signIn(t, a.host, spAdmin.email),
    signIn(t, a.host, spEmployee.email),
    signIn(t, a.host, clientUser.email),
  ]);
});
afterAll(() => t.close());

const as = (cookie: string, host?: string) => (opts: RequestOptions) =>
  request(t, { host: host ?? a.host, cookie, ...opts });
const admin = (opts: RequestOptions) => request(t, { host: a.host, cookie: adminA, ...opts });

const today = () => certificateToday(t.clock);
const day = (offset: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function createType(body: Record<string, unknown> = {}): Promise<CertificateTypeView> {
  const res = await admin({ method: 'POST', url: '/api/certificate-types', body: { name: `Type ${uniq()}`, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const certUrl = (ownerId: string, provider = false) => `/api/certifications/${ownerId}?is_service_provider=${provider}`;

async function createCert(
  ownerId: string,
  fields: Record<string, string | undefined>,
  opts: { provider?: boolean; cookie?: string; files?: FileSpec[] } = {},
): Promise<CertificateView> {
  const res = await request(t, {
    method: 'POST',
    host: a.host,
    cookie: opts.cookie ?? adminA,
    url: certUrl(ownerId, opts.provider),
    body: formData(fields, ...(opts.files ?? [])),
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

describe('certificate types', () => {
  it('creates, lists, reads, updates and deletes a type; names are unique regardless of case', async () => {
    const name = `White Card ${uniq()}`;
    const created = await createType({
      name,
      description: 'General construction induction',
      mandatory_for_users: true,
      fields: { card_number: { label: 'Card number', type: 'text', required: true } },
    });
    expect(created).toMatchObject({
      name,
      details: 'General construction induction',
      mandatory_for_users: true,
      mandatory_for_providers: false,
      active: true,
      files: [],
    });
    expect(created.fields.card_number).toEqual({ label: 'Card number', type: 'text', required: true, options: [] });

    const dup = await admin({ method: 'POST', url: '/api/certificate-types', body: { name: name.toUpperCase() } });
    expect(dup.status).toBe(422);
    expect(dup.json.errors.name).toEqual([CERTIFICATE_TEXT.typeNameTaken]);

    const list = await admin({ url: '/api/certificate-types' });
    expect(list.json.items.map((i: CertificateTypeView) => i.name)).toContain(name);

    const put = await admin({
      method: 'PUT',
      url: `/api/certificate-types/${created.id}`,
      body: { name: `${name} v2`, active: false },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ name: `${name} v2`, active: false, details: null, mandatory_for_users: false });
    expect((await admin({ url: `/api/certificate-types/${created.id}` })).json.name).toBe(`${name} v2`);

    const del = await admin({ method: 'DELETE', url: `/api/certificate-types/${created.id}` });
    expect(del.json).toEqual({ message: CERTIFICATE_TEXT.typeDeleted });
    expect((await admin({ url: `/api/certificate-types/${created.id}` })).status).toBe(404);
  });

  it('validates the fields map', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/certificate-types',
      body: {
        name: '',
        fields: {
          'Bad Key': { label: 'x', type: 'text' },
          level: { label: 'Level', type: 'select', options: [] },
          k: { label: 'K', type: 'colour' },
        },
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.name).toEqual([CERTIFICATE_TEXT.typeNameRequired]);
    expect(res.json.errors['fields.level.options']).toEqual(['Give at least one option.']);
    expect(res.json.errors['fields.k.type']).toEqual(['Choose a field type from the list.']);
    expect(Object.keys(res.json.errors).some((k) => k.startsWith('fields'))).toBe(true);
  });

  it('refuses to delete a type that has certificates (deactivate instead)', async () => {
    const type = await createType();
    await createCert(employee.id, { type_id: type.id, name: 'Held' });
    const res = await admin({ method: 'DELETE', url: `/api/certificate-types/${type.id}` });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(CERTIFICATE_TEXT.typeInUse);
  });

  it('adds sample images (checked by content) and removes them; samples are served to certificate viewers', async () => {
    const type = await createType();
    const bad = await admin({
      method: 'POST',
      url: `/api/certificate-types/${type.id}/samples`,
      body: formData({}, { data: PDF, filename: 'x.png', type: 'image/png', field: 'files[0]' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.files).toEqual([CERTIFICATE_TEXT.sampleType]);
    const res = await admin({
      method: 'POST',
      url: `/api/certificate-types/${type.id}/samples`,
      body: formData(
        {},
        { data: JPEG_2X2, filename: 'front.jpg', field: 'files[]' },
        { data: pngBytes(), filename: 'back.png', field: 'files[]' },
      ),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.files.map((f: { name: string; mime: string }) => [f.name, f.mime])).toEqual([
      ['front.jpg', 'image/jpeg'],
      ['back.png', 'image/png'],
    ]);
    const sample = res.json.files[0];
    expect(sample.url).toBe(`/documents/file/${type.id}/${sample.id}`);
    const served = await as(spEmployeeA)({ url: sample.url });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // Images are stored re-encoded (issue 9, uploads policy): the same picture, not the same bytes.
    expect(await samePicture(served.raw, JPEG_2X2)).toBe(true);
    expect((await as(clientA)({ url: sample.url })).status).toBe(404);

    const removed = await admin({ method: 'DELETE', url: `/api/certificate-types/${type.id}/samples/${sample.id}` });
    expect(removed.json.files).toHaveLength(1);
    expect((await admin({ url: sample.url })).status).toBe(404);
  });

  it('only company admins manage types; certificate viewers may list them; client users may not', async () => {
    const type = await createType();
    for (const cookie of [employeeA, spAdminA]) {
      expect(
        (await as(cookie)({ method: 'POST', url: '/api/certificate-types', body: { name: `X ${uniq()}` } })).status,
      ).toBe(403);
      expect(
        (await as(cookie)({ method: 'PUT', url: `/api/certificate-types/${type.id}`, body: { name: 'Y' } })).status,
      ).toBe(403);
      expect((await as(cookie)({ method: 'DELETE', url: `/api/certificate-types/${type.id}` })).status).toBe(403);
      expect((await as(cookie)({ url: '/api/certificate-types' })).status).toBe(200);
    }
    expect((await as(clientA)({ url: '/api/certificate-types' })).status).toBe(403);
    expect((await as(adminB, b.host)({ url: `/api/certificate-types/${type.id}` })).status).toBe(404);
    expect((await as(adminB, b.host)({ method: 'DELETE', url: `/api/certificate-types/${type.id}` })).status).toBe(404);
  });
});

describe('certifications of a user', () => {
  it('counts valid mandatory certificates: expired yesterday is not valid, expiring today is, no expiry (N/A) does not expire and is valid', async () => {
    const t2 = await createTenant();
    const cookie = await signIn(t, t2.host, t2.admin.email);
    const user = await createUser(t2, 'company_employee');
    const post = (url: string, body: unknown) => request(t, { method: 'POST', host: t2.host, cookie, url, body });
    const type = async (name: string, extra: Record<string, unknown> = {}) =>
      (await post('/api/certificate-types', { name, ...extra })).json as CertificateTypeView;
    const [m1, m2, m3, m4, add1, add2, unused] = await Promise.all([
      type('Asbestos', { mandatory_for_users: true }),
      type('Blue Card', { mandatory_for_users: true }),
      type('Confined Space', { mandatory_for_users: true }),
      type('Driver Licence', { mandatory_for_users: true }),
      type('First Aid'),
      type('Working at Heights'),
      type('Forklift'),
    ]);
    await type('Old Type', { mandatory_for_users: true, active: false });
    await type('Provider Insurance', { mandatory_for_providers: true });
    const cert = async (typeId: string, expiry?: string) => {
      const res = await post(certUrl(user.id), formData({ type_id: typeId, expiry }));
      expect(res.status, res.text).toBe(201);
      return res.json as CertificateView;
    };
    await cert(m1!.id, day(-1)); // expired yesterday
    await cert(m2!.id, day(0)); // expires today: valid
    await cert(m3!.id); // no expiry: N/A
    await cert(add1!.id, day(100));
    await cert(add2!.id, day(-30));
    await cert(add2!.id, day(-400)); // older one of the same type
    void unused;

    const res = await request(t, { host: t2.host, cookie, url: certUrl(user.id) });
    expect(res.status, res.text).toBe(200);
    const view = res.json as CertificationsView;
    expect(view.owner).toMatchObject({ kind: 'user', id: user.id, name: `${user.firstName} ${user.lastName}` });
    expect(view.today).toBe(today());
    expect(view.mandatoryCertificates.map((e) => [e.type.name, e.validity, e.user_certificate.length])).toEqual([
      ['Asbestos', 'expired', 1],
      ['Blue Card', 'valid', 1],
      ['Confined Space', 'none', 1],
      ['Driver Licence', 'none', 0],
    ]);
    expect([view.mandatory_valid, view.mandatory_total]).toEqual([2, 4]);
    expect(view.additionalCertificates.map((e) => [e.type.name, e.validity])).toEqual([
      ['First Aid', 'valid'],
      ['Working at Heights', 'expired'],
    ]);
    expect(view.additionalCertificates[1]!.user_certificate.map((c) => c.expiry)).toEqual([day(-30), day(-400)]);
    expect([view.additional_valid, view.additional_total]).toEqual([1, 2]);
    // Mandatory for providers only: for a user it is an additional type.
    expect(view.unused_additional_types.map((u) => u.name)).toEqual(['Forklift', 'Provider Insurance']);
    expect(view.abilities.manage).toBe(true);
    expect(m4).toBeTruthy();
  });

  it('creates a certificate with a PNG and a PDF, serves them with the right headers, and shows them by type', async () => {
    const type = await createType({ name: `Electrical ${uniq()}`, description: 'Licence', mandatory_for_users: true });
    const cert = await createCert(
      employee.id,
      {
        type_id: type.id,
        name: 'Electrical licence',
        license_number: 'EL-123',
        comments: 'Checked',
        expiry: day(200),
        issue_date: day(-100),
        country: 'Australia',
      },
      { files: [png('card front.png'), pdf('licence "copy".pdf')] },
    );
    expect(cert).toMatchObject({
      type_id: type.id,
      name: 'Electrical licence',
      license_number: 'EL-123',
      comments: 'Checked',
      country: 'Australia',
      expiry: day(200),
      issue_date: day(-100),
      validity: 'valid',
      certificatable: { kind: 'user', id: employee.id, first_name: 'Emma', last_name: 'Employee', director_name: null },
    });
    expect(cert.files.map((f) => [f.name, f.mime])).toEqual([
      ['card front.png', 'image/png'],
      ["licence 'copy'.pdf", 'application/pdf'],
    ]);
    const [image, doc] = cert.files;

    const img = await admin({ url: image!.url });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toMatch(/^inline; filename="card front.png"/);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toBe('no-store'); // issue 9: every signed-in answer
    const imgDownload = await admin({ url: `${image!.url}?download=1` });
    expect(imgDownload.headers['content-disposition']).toMatch(/^attachment; filename="card front.png"/);

    const file = await admin({ url: doc!.url });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="licence 'copy'.pdf"; filename\*=UTF-8''licence%20'copy'.pdf$/,
    );
    expect(file.raw.equals(PDF)).toBe(true);

    // Stored under generated names, not the uploaded ones.
    const [row] = await asOwner(a.id, (tx) => tx.select().from(documentFiles).where(eq(documentFiles.id, doc!.id)));
    expect(row!.fileKey).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    expect((await request(t, { host: a.host, url: image!.url })).status).toBe(401);
    expect((await as(adminB, b.host)({ url: image!.url })).status).toBe(404);
    expect((await admin({ url: `/documents/file/${type.id}/${image!.id}` })).status).toBe(404);

    const ofType = await admin({
      url: `/api/certifications/${employee.id}/types/${type.id}?is_service_provider=false`,
    });
    expect(ofType.status).toBe(200);
    expect(ofType.json.type).toMatchObject({ id: type.id, details: 'Licence', files: [] });
    expect(ofType.json.certificates.map((c: CertificateView) => c.id)).toEqual([cert.id]);
  });

  it('rejects files that are not JPG, PNG or PDF by content, or too big, or too many', async () => {
    const type = await createType();
    const post = (files: FileSpec[]) =>
      admin({ method: 'POST', url: certUrl(employee.id), body: formData({ type_id: type.id }, ...files) });
    const fake = await post([
      { data: Buffer.from('<html>hello</html>'), filename: 'scan.pdf', type: 'application/pdf', field: 'files[0]' },
    ]);
    expect(fake.status).toBe(422);
    expect(fake.json.errors.files).toEqual([CERTIFICATE_TEXT.fileType]);
    const big = Buffer.concat([PDF, Buffer.alloc(CERTIFICATE_FILE_MAX_BYTES)]);
    const tooBig = await post([{ data: big, filename: 'big.pdf', field: 'files[0]' }]);
    expect(tooBig.status).toBe(422);
    expect(tooBig.json.errors.files).toEqual([CERTIFICATE_TEXT.fileSize]);
    const eleven = await post(Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)));
    expect(eleven.status).toBe(422);
    expect(eleven.json.errors.files).toEqual([CERTIFICATE_TEXT.fileCount]);
    const rows = await asOwner(a.id, (tx) => tx.select().from(certificates).where(eq(certificates.typeId, type.id)));
    expect(rows).toHaveLength(0);
  });

  it('checks the common fields and the type’s own fields (keyed details.<key>)', async () => {
    const type = await createType({
      fields: {
        licence_class: { label: 'Licence class', type: 'select', required: true, options: ['A', 'B'] },
        hours: { label: 'Hours', type: 'number' },
      },
    });
    const post = (fields: Record<string, string | undefined>) =>
      admin({ method: 'POST', url: certUrl(employee.id), body: formData(fields) });
    const missing = await post({ type_id: type.id, details: JSON.stringify({ hours: 'many' }) });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({
      'details.licence_class': ['The Licence class field is required.'],
      'details.hours': ['The Hours must be a number.'],
    });
    const option = await post({ type_id: type.id, details: JSON.stringify({ licence_class: 'Z' }) });
    expect(option.json.errors).toEqual({ 'details.licence_class': [CERTIFICATE_TEXT.fieldOption('Licence class')] });
    expect((await post({ type_id: type.id, details: 'nope' })).json.errors).toEqual({
      details: [CERTIFICATE_TEXT.detailsInvalid],
    });
    const common = await post({ type_id: 'x', expiry: '2026-13-01' });
    expect(common.json.errors.type_id).toEqual([CERTIFICATE_TEXT.typeRequired]);
    expect(common.json.errors.expiry).toEqual(['Enter a date as YYYY-MM-DD.']);
    const otherTenantType = await as(
      adminB,
      b.host,
    )({ method: 'POST', url: '/api/certificate-types', body: { name: `B ${uniq()}` } });
    expect((await post({ type_id: otherTenantType.json.id })).json.errors.type_id).toEqual([
      CERTIFICATE_TEXT.typeRequired,
    ]);
    const ok = await post({
      type_id: type.id,
      details: JSON.stringify({ licence_class: 'B', hours: '7', stray: 'x' }),
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.details).toEqual({ licence_class: 'B', hours: 7 });
    // A JSON body works too (details as an object; no files).
    const json = await admin({
      method: 'POST',
      url: certUrl(employee.id),
      body: { type_id: type.id, expiry: day(5), details: { licence_class: 'A' } },
    });
    expect(json.status, json.text).toBe(201);
    expect(json.json).toMatchObject({ expiry: day(5), details: { licence_class: 'A', hours: null }, files: [] });
    const badJson = await admin({
      method: 'POST',
      url: certUrl(employee.id),
      body: { type_id: type.id, details: [1] },
    });
    expect(badJson.json.errors).toEqual({ details: [CERTIFICATE_TEXT.detailsInvalid] });
  });

  it('updates keeping one file and removing another (the removed one is gone), adds files, and re-arms reminders on renewal', async () => {
    const type = await createType();
    const cert = await createCert(
      employee.id,
      { type_id: type.id, name: 'First', expiry: day(20) },
      { files: [png('keep.png'), pdf('drop.pdf')] },
    );
    const [keep, drop] = cert.files;
    await asOwner(a.id, (tx) =>
      tx
        .update(certificates)
        .set({ reminded30At: new Date(), reminded7At: new Date() })
        .where(eq(certificates.id, cert.id)),
    );
    const dropKey = (
      await asOwner(a.id, (tx) => tx.select().from(documentFiles).where(eq(documentFiles.id, drop!.id)))
    )[0]!.fileKey;

    const res = await admin({
      method: 'PUT',
      url: `/api/certifications/${employee.id}/${cert.id}?is_service_provider=false`,
      body: formData(
        { type_id: type.id, name: 'Renewed', expiry: day(400), 'existingFiles[0]': keep!.id },
        pdf('new.pdf', 'files[0]'),
      ),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.name).toBe('Renewed');
    expect(res.json.expiry).toBe(day(400));
    expect(res.json.files.map((f: { name: string }) => f.name)).toEqual(['keep.png', 'new.pdf']);
    expect((await admin({ url: keep!.url })).status).toBe(200);
    expect((await admin({ url: drop!.url })).status).toBe(404);
    await expect(fs.stat(path.join(t.filesDir, 'files', dropKey.slice(0, 2), dropKey))).rejects.toThrow();
    const [row] = await asOwner(a.id, (tx) => tx.select().from(certificates).where(eq(certificates.id, cert.id)));
    expect([row!.reminded30At, row!.reminded7At]).toEqual([null, null]);

    // Another owner's certificate id under this owner is not found.
    const wrongOwner = await admin({
      method: 'PUT',
      url: `/api/certifications/${a.admin.id}/${cert.id}?is_service_provider=false`,
      body: formData({ type_id: type.id }),
    });
    expect(wrongOwner.status).toBe(404);
  });

  it('deletes a certificate and its files', async () => {
    const type = await createType();
    const cert = await createCert(employee.id, { type_id: type.id }, { files: [png()] });
    const res = await admin({ method: 'DELETE', url: `/api/certificates/${cert.id}` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: CERTIFICATE_TEXT.deleted });
    expect((await admin({ url: cert.files[0]!.url })).status).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/certificates/${cert.id}` })).status).toBe(404);
  });
});

describe('who may see and change whose certificates', () => {
  it('a company employee manages any user and provider', async () => {
    const type = await createType();
    await createCert(a.admin.id, { type_id: type.id }, { cookie: employeeA });
    await createCert(otherProvider.id, { type_id: type.id }, { cookie: employeeA, provider: true });
    expect((await as(employeeA)({ url: certUrl(otherProvider.id, true) })).json.abilities.manage).toBe(true);
  });

  it('an sp_admin manages their own and their provider’s certificates; other owners are 404', async () => {
    const type = await createType({ mandatory_for_providers: true });
    const own = await createCert(
      provider.id,
      { type_id: type.id, expiry: day(10) },
      { cookie: spAdminA, provider: true, files: [png()] },
    );
    expect(own.certificatable).toMatchObject({ kind: 'service_provider', id: provider.id });
    await createCert(spAdmin.id, { type_id: type.id }, { cookie: spAdminA });
    const view = await as(spAdminA)({ url: certUrl(provider.id, true) });
    expect(view.json).toMatchObject({
      owner: { kind: 'service_provider', name: provider.name },
      abilities: { manage: true },
      mandatory_valid: 1,
    });
    expect((await as(spAdminA)({ url: own.files[0]!.url })).status).toBe(200);

    const other = await createCert(otherProvider.id, { type_id: type.id }, { provider: true, files: [png()] });
    expect((await as(spAdminA)({ url: certUrl(otherProvider.id, true) })).status).toBe(404);
    expect(
      (
        await as(spAdminA)({
          method: 'POST',
          url: certUrl(otherProvider.id, true),
          body: formData({ type_id: type.id }),
        })
      ).status,
    ).toBe(404);
    expect((await as(spAdminA)({ method: 'DELETE', url: `/api/certificates/${other.id}` })).status).toBe(404);
    expect((await as(spAdminA)({ url: other.files[0]!.url })).status).toBe(404);
    expect((await as(spAdminA)({ url: certUrl(spEmployee.id) })).status).toBe(404);
    // The provider's id taken as a user id (or the reverse) is not found either.
    expect((await as(spAdminA)({ url: certUrl(provider.id, false) })).status).toBe(404);
  });

  it('an sp_employee manages their own, only views their provider’s (manage 403), and sees no one else', async () => {
    const type = await createType();
    const providerCert = await createCert(provider.id, { type_id: type.id }, { provider: true, files: [png()] });
    const mine = await createCert(spEmployee.id, { type_id: type.id }, { cookie: spEmployeeA });
    const view = await as(spEmployeeA)({ url: certUrl(provider.id, true) });
    expect(view.status).toBe(200);
    expect(view.json.abilities.manage).toBe(false);
    expect((await as(spEmployeeA)({ url: providerCert.files[0]!.url })).status).toBe(200);
    expect(
      (await as(spEmployeeA)({ method: 'POST', url: certUrl(provider.id, true), body: formData({ type_id: type.id }) }))
        .status,
    ).toBe(403);
    expect(
      (
        await as(spEmployeeA)({
          method: 'PUT',
          url: `/api/certifications/${provider.id}/${providerCert.id}?is_service_provider=true`,
          body: formData({ type_id: type.id }),
        })
      ).status,
    ).toBe(403);
    expect((await as(spEmployeeA)({ method: 'DELETE', url: `/api/certificates/${providerCert.id}` })).status).toBe(403);
    expect((await as(spEmployeeA)({ url: certUrl(spAdmin.id) })).status).toBe(404);
    expect((await as(spEmployeeA)({ method: 'DELETE', url: `/api/certificates/${mine.id}` })).status).toBe(200);
  });

  it('client users get 403; another tenant’s owners, types and certificates are 404', async () => {
    const type = await createType();
    const cert = await createCert(employee.id, { type_id: type.id }, { files: [png()] });
    expect((await as(clientA)({ url: certUrl(employee.id) })).status).toBe(403);
    expect(
      (await as(clientA)({ method: 'POST', url: certUrl(employee.id), body: formData({ type_id: type.id }) })).status,
    ).toBe(403);
    expect((await as(clientA)({ method: 'DELETE', url: `/api/certificates/${cert.id}` })).status).toBe(403);
    expect((await as(clientA)({ url: cert.files[0]!.url })).status).toBe(404);

    const asB = as(adminB, b.host);
    const viewB = await asB({ url: certUrl(employee.id) });
    expect(viewB.status).toBe(404);
    expect(viewB.text).not.toContain(employee.lastName);
    expect((await asB({ url: certUrl(provider.id, true) })).status).toBe(404);
    expect(
      (await asB({ method: 'POST', url: certUrl(employee.id), body: formData({ type_id: type.id }) })).status,
    ).toBe(404);
    expect((await asB({ method: 'DELETE', url: `/api/certificates/${cert.id}` })).status).toBe(404);
    expect((await asB({ url: `/api/certifications/${b.admin.id}/types/${type.id}` })).status).toBe(404);
    expect((await asB({ url: cert.files[0]!.url })).status).toBe(404);
    const [still] = await asOwner(a.id, (tx) => tx.select().from(certificates).where(eq(certificates.id, cert.id)));
    expect(still).toBeTruthy();
  });
});

describe('malformed certificate forms (found by the fuzzer, issue 9)', () => {
  it('a multipart part without a name is ignored, not a 500', async () => {
    const type = await createType();
    const parts = (disposition: string) =>
      `--x\r\nContent-Disposition: ${disposition}\r\n\r\nb\r\n--x\r\nContent-Disposition: form-data; name="type_id"\r\n\r\n${type.id}\r\n--x--\r\n`;
    for (const disposition of ['form-data', 'form-data; filename="a.png"']) {
      const headers = { 'content-type': 'multipart/form-data; boundary=x' };
      const res = await admin({ method: 'POST', url: certUrl(employee.id), body: parts(disposition), headers });
      // the nameless part is ignored, like any part the form does not know
      expect(res.status, `${disposition}: ${res.text}`).toBe(201);
      expect(res.json.files).toEqual([]);
    }
  });
});
