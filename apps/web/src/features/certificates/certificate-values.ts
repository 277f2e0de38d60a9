import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_FILE_MAX_COUNT,
  CERTIFICATE_FILE_MIMES,
  CERTIFICATE_TEXT,
  type CertificateTypeView,
  type CertificateView,
  type DocumentFileView,
} from '@siteflow/core';

export type DetailValue = string | number | boolean | null;
export type CertificateFormValues = {
  name: string;
  license_number: string;
  comments: string;
  expiry: string | null;
  issue_date: string | null;
  country: string;
  details: Record<string, DetailValue>;
};
export const COMMON_FIELDS = ['name', 'license_number', 'comments', 'expiry', 'issue_date', 'country'] as const;
export type FieldDef = CertificateTypeView['fields'][string];

function initialDetail(def: FieldDef, saved: DetailValue | undefined): DetailValue {
  if (def.type === 'checkbox') return saved === true || saved === 'true' || saved === '1' || saved === 1;
  if (def.type === 'number') return typeof saved === 'number' ? saved : saved ? Number(saved) : '';
  if (def.type === 'date' || def.type === 'select') return typeof saved === 'string' && saved ? saved : null;
  return saved === null || saved === undefined ? '' : String(saved);
}

export function initialValues(type: CertificateTypeView, certificate?: CertificateView): CertificateFormValues {
  const details: Record<string, DetailValue> = {};
  for (const [key, def] of Object.entries(type.fields)) details[key] = initialDetail(def, certificate?.details[key]);
  return {
    name: certificate?.name ?? '',
    license_number: certificate?.license_number ?? '',
    comments: certificate?.comments ?? '',
    expiry: certificate?.expiry?.slice(0, 10) ?? null,
    issue_date: certificate?.issue_date?.slice(0, 10) ?? null,
    country: certificate?.country ?? '',
    details,
  };
}

/** What the server gets for a type field: empty text/number/date/choice as null, a checkbox as a boolean. */
function detailOut(def: FieldDef, value: DetailValue): DetailValue {
  if (def.type === 'checkbox') return value === true;
  if (def.type === 'number') return value === '' || value === null ? null : Number(value);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

export function isEmpty(def: FieldDef, value: DetailValue): boolean {
  if (def.type === 'checkbox') return value !== true;
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The client-side file checks: JPG, PNG or PDF, under 5 MB each, 10 at most (the server checks content too). */
export function checkFiles(files: File[], keptCount: number): string | null {
  if (files.length + keptCount > CERTIFICATE_FILE_MAX_COUNT) return CERTIFICATE_TEXT.fileCount;
  for (const file of files) {
    const typeOk =
      (CERTIFICATE_FILE_MIMES as readonly string[]).includes(file.type) || /\.(jpe?g|png|pdf)$/i.test(file.name);
    if (!typeOk) return CERTIFICATE_TEXT.fileType;
    if (file.size >= CERTIFICATE_FILE_MAX_BYTES) return CERTIFICATE_TEXT.fileSize;
  }
  return null;
}

export function buildCertificateBody(
  type: CertificateTypeView,
  values: CertificateFormValues,
  files: File[],
  kept: DocumentFileView[] | null,
): FormData {
  const body = new FormData();
  body.append('type_id', type.id);
  for (const field of COMMON_FIELDS) body.append(field, (values[field] ?? '').trim());
  const details: Record<string, DetailValue> = {};
  for (const [key, def] of Object.entries(type.fields)) details[key] = detailOut(def, values.details[key] ?? null);
  body.append('details', JSON.stringify(details));
  files.forEach((file, index) => body.append(`files[${index}]`, file));
  // On update the ids kept; an empty list (no existingFiles[n]) removes every saved file.
  kept?.forEach((file, index) => body.append(`existingFiles[${index}]`, file.id));
  return body;
}
