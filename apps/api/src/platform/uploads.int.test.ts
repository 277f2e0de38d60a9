import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PIXELS_MESSAGE, PDF_ACTIVE_MESSAGE, PDF_ENCRYPTED_MESSAGE } from '@siteflow/core';
import { handPdf, jpegWithGps, pdfWith, pngHeaderOnly, type PdfKind } from '../../test/files.js';
import { customerInput as customerInputFor } from '../../test/inputs.js';
import { createUser, formData, uniq, uniqueEmail, type FileSpec, type TestUser } from '../../test/harness.js';
import { companyAndPlatform, type As, type TestApp, type TestTenant } from '../../test/companies.js';

// Issue 9, uploads policy (docs/decisions.md): every image upload route decodes and re-encodes
// (pixel limit, metadata dropped); PDFs with active content are refused; stored files are served
// with nosniff and a sandboxing Content-Security-Policy.

let t: TestApp, a: TestTenant, tenant: As, asPlatform: As;
let employee: TestUser;
let typeId: string;

beforeAll(async () => {
  // `tenant` sends as company A's admin.
  ({ t, tenant: a, asCompany: tenant, asPlatform } = await companyAndPlatform());
  employee = await createUser(a, 'company_employee');
  const type = await tenant({ method: 'POST', url: '/api/certificate-types', body: { name: `Licence ${uniq()}` } });
  expect(type.status, type.text).toBe(201);
  typeId = type.json.id;
});
afterAll(() => t.close());

const countFiles = async () =>
  (await fs.readdir(path.join(t.filesDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
    (d) => d.isFile(),
  ).length;

const customerInput = () => customerInputFor({ customer_name: `Upload ${uniq()} Pty Ltd`, name: `up-${uniq()}` });
const staffInput = () => ({
  first_name: 'Pat',
  last_name: `Pic ${uniq()}`,
  email: uniqueEmail('staff'),
  phone: '0412 000 000',
  address: '2 Work St',
  suburb: 'Southbank',
  state: 'VIC',
  postcode: '3006',
});
const certUrl = `/api/certifications/:owner?is_service_provider=false`;

type Upload = {
  name: string;
  field: string;
  send: (
    file: FileSpec,
  ) => Promise<{ status: number; json: { errors?: Record<string, string[]> }; served?: () => Promise<Buffer> }>;
};

/** Every route that takes an image, with how to read back what it stored. */
const imageRoutes = (): Upload[] => [
  {
    name: 'customer logo (create)',
    field: 'file',
    send: async (file) => {
      const res = await asPlatform({ method: 'POST', url: '/api/customers', body: formData(customerInput(), file) });
      return { ...res, served: async () => (await asPlatform({ url: res.json.logo_path })).raw };
    },
  },
  {
    name: 'customer logo (update)',
    field: 'file',
    send: async (file) => {
      const body = customerInput();
      const created = await asPlatform({ method: 'POST', url: '/api/customers', body });
      const res = await asPlatform({
        method: 'PUT',
        url: `/api/customers/${created.json.id}`,
        body: formData(body, file),
      });
      return { ...res, served: async () => (await asPlatform({ url: res.json.logo_path })).raw };
    },
  },
  {
    name: 'staff picture (create)',
    field: 'file',
    send: async (file) => {
      const res = await tenant({ method: 'POST', url: '/api/staff', body: formData(staffInput(), file) });
      return { ...res, served: async () => (await tenant({ url: res.json.staff.profile_picture_path })).raw };
    },
  },
  {
    name: 'staff picture (update)',
    field: 'file',
    send: async (file) => {
      const body = staffInput();
      const created = await tenant({ method: 'POST', url: '/api/staff', body });
      const res = await tenant({
        method: 'PUT',
        url: `/api/staff/${created.json.staff.id}`,
        body: formData(body, file),
      });
      return { ...res, served: async () => (await tenant({ url: res.json.staff.profile_picture_path })).raw };
    },
  },
  {
    name: 'certificate type sample',
    field: 'files',
    send: async (file) => {
      const res = await tenant({
        method: 'POST',
        url: `/api/certificate-types/${typeId}/samples`,
        body: formData({}, { ...file, field: 'files[0]' }),
      });
      return { ...res, served: async () => (await tenant({ url: res.json.files.at(-1).url })).raw };
    },
  },
  {
    name: 'certificate file (create)',
    field: 'files',
    send: async (file) => {
      const res = await tenant({
        method: 'POST',
        url: certUrl.replace(':owner', employee.id),
        body: formData({ type_id: typeId }, { ...file, field: 'files[0]' }),
      });
      return { ...res, served: async () => (await tenant({ url: res.json.files[0].url })).raw };
    },
  },
  {
    name: 'certificate file (update)',
    field: 'files',
    send: async (file) => {
      const created = await tenant({
        method: 'POST',
        url: certUrl.replace(':owner', employee.id),
        body: formData({ type_id: typeId }),
      });
      const url = `/api/certifications/${employee.id}/${created.json.id}?is_service_provider=false`;
      const res = await tenant({
        method: 'PUT',
        url,
        body: formData({ type_id: typeId }, { ...file, field: 'files[0]' }),
      });
      return { ...res, served: async () => (await tenant({ url: res.json.files[0].url })).raw };
    },
  },
];

describe('uploads: images', () => {
  it.each(imageRoutes().map((r) => [r.name, r] as const))(
    '%s: a PNG declaring 50000 x 50000 pixels is refused (422), nothing stored',
    async (_, route) => {
      const before = await countFiles();
      const res = await route.send({ data: pngHeaderOnly(50_000, 50_000), filename: 'bomb.png', type: 'image/png' });
      expect(res.status).toBe(422);
      expect(res.json.errors?.[route.field]).toEqual([IMAGE_PIXELS_MESSAGE]);
      expect(await countFiles()).toBe(before);
    },
  );

  it.each(imageRoutes().map((r) => [r.name, r] as const))(
    '%s: a phone photo comes back upright without its EXIF (GPS)',
    async (_, route) => {
      const photo = await jpegWithGps();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const res = await route.send({ data: photo, filename: 'site.jpg', type: 'image/jpeg' });
      expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
      const served = await res.served!();
      const meta = await sharp(served).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.includes('PhoneMaker')).toBe(false);
    },
  );
});

describe('uploads: PDFs', () => {
  const post = (data: Buffer) =>
    tenant({
      method: 'POST',
      url: certUrl.replace(':owner', employee.id),
      body: formData(
        { type_id: typeId },
        { data, filename: 'licence.pdf', type: 'application/pdf', field: 'files[0]' },
      ),
    });

  it.each<[PdfKind, boolean]>([
    ['open-action-js', false],
    ['open-action-js', true],
    ['page-aa', false],
    ['page-aa', true],
    ['names-js', true],
    ['attachment', false],
    ['launch', false],
    ['xfa', false],
  ])('a PDF with %s (object streams: %s) is refused with a clear message', async (kind, objectStreams) => {
    const before = await countFiles();
    const res = await post(await pdfWith(kind, { objectStreams }));
    expect(res.status).toBe(422);
    expect(res.json.errors.files).toEqual([PDF_ACTIVE_MESSAGE]);
    expect(await countFiles()).toBe(before);
  });

  it('an encrypted PDF is refused', async () => {
    const encrypted = handPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O (x) /U (y) >>',
      ],
      '/Encrypt 3 0 R /ID [<01> <01>] ',
    );
    const res = await post(encrypted);
    expect(res.status).toBe(422);
    expect(res.json.errors.files).toEqual([PDF_ENCRYPTED_MESSAGE]);
  });

  it('a clean PDF is accepted and served byte for byte, as an attachment in a sandbox', async () => {
    const clean = await pdfWith('clean', { objectStreams: true });
    const res = await post(clean);
    expect(res.status, res.text).toBe(201);
    const file = await tenant({ url: res.json.files[0].url });
    expect(file.status).toBe(200);
    expect(file.raw.equals(clean)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(file.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('images (documents, logos, pictures) are served with nosniff and the sandbox too', async () => {
    const photo = await jpegWithGps();
    const created = await asPlatform({
      method: 'POST',
      url: '/api/customers',
      body: formData(customerInput(), { data: photo, filename: 'l.jpg' }),
    });
    const logo = await asPlatform({ url: created.json.logo_path });
    const sample = await tenant({
      method: 'POST',
      url: `/api/certificate-types/${typeId}/samples`,
      body: formData({}, { data: photo, filename: 's.jpg', field: 'files[0]' }),
    });
    const served = await tenant({ url: sample.json.files.at(-1).url });
    for (const res of [logo, served]) {
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    }
  });
});
