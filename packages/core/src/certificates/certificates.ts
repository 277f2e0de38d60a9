import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { z } from 'zod';
import { nullableText } from '../common/fields.js';
import { boolParam } from '../common/query.js';
import { dateOnly } from '../providers/contracts.js';

dayjs.extend(advancedFormat);

export const CERTIFICATE_TEXT = {
  mandatoryTitle: 'Mandatory Certifications',
  additionalTitle: 'Additional Certifications',
  mandatoryCounter: (valid: number, total: number) => `${valid} / ${total} Valid Mandatory Certificates`,
  additionalCounter: (valid: number, total: number) => `${valid} / ${total} Valid Additional Certificates`,
  back: 'Back To Certifications',
  samples: (n: number) => `Samples (${n})`,
  sampleIndex: (i: number, n: number) => `${i}/${n}`,
  noSamples: 'No Sample Images Available',
  addNew: (typeName: string) => `Add New ${typeName}`,
  uploadFiles: 'Upload Files',
  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: (typeName: string) => `Delete ${typeName}?`,
  deleted: 'Certificate Deleted!',
  notApplicable: 'N/A',
  typeRequired: 'The type field is required.',
  typeNameRequired: 'The name field is required.',
  fieldRequired: (label: string) => `The ${label} field is required.`,
  fieldOption: (label: string) => `Choose a ${label} from the list.`,
  fileType: 'Files must be JPG, PNG or PDF.',
  fileSize: 'Each file must be under 5 MB.',
  fileCount: 'At most 10 files per certificate.',
  notFound: 'Certificate not found.',
  fieldNumber: (label: string) => `The ${label} must be a number.`,
  fieldDate: (label: string) => `The ${label} must be a date as YYYY-MM-DD.`,
  fieldText: (label: string) => `The ${label} must be text.`,
  fieldChecked: (label: string) => `The ${label} must be ticked or not.`,
  detailsInvalid: 'The details must be a JSON object.',
  typeInactive: 'Choose a type from the list.',
  typeNameTaken: 'The name has already been taken.',
  typeInUse: 'Certificates of this type exist, so it cannot be deleted. Deactivate it instead.',
  typeCreated: 'Certificate type created.',
  typeSaved: 'Certificate type saved.',
  typeDeleted: 'Certificate type deleted.',
  sampleType: 'Samples must be JPG or PNG images.',
  sampleCount: 'At most 10 samples per type.',
  sampleDeleted: 'Sample removed.',
  created: 'Certificate saved.',
  updated: 'Certificate updated.',
} as const;

/** Certificate expiry is shown 'Do MMMM YYYY'; forms use YYYY-MM-DD; the delete dialog 'dddd the Do of MMMM YYYY'. */
export const CERTIFICATE_EXPIRY_FORMAT = 'Do MMMM YYYY';
export const CERTIFICATE_INPUT_FORMAT = 'YYYY-MM-DD';
export const CERTIFICATE_DELETE_DATE_FORMAT = 'dddd [the] Do [of] MMMM YYYY';
export const CERTIFICATE_CARD_WIDTH = '48.5%';
export const DOWNLOAD_STAGGER_MS = 250;
/** Uploads: JPG, PNG or PDF by content; 5 MB each; 10 per certificate. */
export const CERTIFICATE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_FILE_MAX_COUNT = 10;
export const CERTIFICATE_FILE_MIMES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** Sample files of a type: images (the carousel), same size limit, 10 per type. */
export const CERTIFICATE_SAMPLE_MIMES = ['image/jpeg', 'image/png'] as const;
export const CERTIFICATE_SAMPLE_MAX_COUNT = 10;
/** Beyond the spec: reminders before a mandatory certificate expires, once each. */
export const CERTIFICATE_REMINDER_DAYS = [30, 7] as const;

/** An expiry ('YYYY-MM-DD') as shown: '5th March 2027' (CERTIFICATE_EXPIRY_FORMAT); 'N/A' when none. */
export function formatCertificateExpiry(expiry: string | null | undefined): string {
  if (!expiry) return CERTIFICATE_TEXT.notApplicable;
  const d = dayjs(expiry.slice(0, 10));
  return d.isValid() ? d.format(CERTIFICATE_EXPIRY_FORMAT) : CERTIFICATE_TEXT.notApplicable;
}

export type CertificateValidity = 'valid' | 'expired' | 'none';
/** A certificate in force: valid, or with no expiry ('none', shown N/A: it does not expire). */
export const isInForce = (validity: CertificateValidity) => validity !== 'expired';
/** Valid if expiry is not before today (day granularity), expired otherwise; no expiry shows N/A. Dates 'YYYY-MM-DD'. */
export function certificateValidity(expiry: string | null | undefined, today: string): CertificateValidity {
  if (!expiry) return 'none';
  return expiry.slice(0, 10) >= today.slice(0, 10) ? 'valid' : 'expired';
}

export const CERTIFICATE_FIELD_TYPES = ['text', 'checkbox', 'radio', 'select', 'date', 'number'] as const;
export const CertificateFieldDef = z
  .object({
    label: z.string().trim().min(1, 'The label field is required.').max(100),
    type: z.enum(CERTIFICATE_FIELD_TYPES, { error: 'Choose a field type from the list.' }),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .refine((f) => (f.type !== 'radio' && f.type !== 'select') || f.options.length > 0, {
    path: ['options'],
    message: 'Give at least one option.',
  });
export type CertificateFieldDef = z.output<typeof CertificateFieldDef>;
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export const CertificateTypeInput = z.object({
  name: z
    .string({ error: CERTIFICATE_TEXT.typeNameRequired })
    .trim()
    .min(1, CERTIFICATE_TEXT.typeNameRequired)
    .max(150),
  description: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ? v.trim() || null : null))
    .pipe(z.string().max(5000).nullable()),
  fields: z
    .record(z.string().regex(FIELD_KEY, 'Field keys are lower-case letters, digits and _.'), CertificateFieldDef)
    .default({}),
  mandatory_for_users: z.boolean().default(false),
  mandatory_for_providers: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type CertificateTypeInput = z.input<typeof CertificateTypeInput>;

export const DocumentFileView = z.object({
  id: z.uuid(),
  name: z.string(),
  filable_id: z.uuid(),
  mime: z.string(),
  size: z.number().int(),
  /** '/documents/file/{filableId}/{fileId}' (served by the API; ?download=1 for an attachment). */
  url: z.string(),
});
export type DocumentFileView = z.infer<typeof DocumentFileView>;

const fieldDefView = z.object({
  label: z.string(),
  type: z.enum(CERTIFICATE_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
});
export const CertificateTypeView = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The description. */
  details: z.string().nullable(),
  fields: z.record(z.string(), fieldDefView),
  mandatory_for_users: z.boolean(),
  mandatory_for_providers: z.boolean(),
  active: z.boolean(),
  files: z.array(DocumentFileView),
});
export type CertificateTypeView = z.infer<typeof CertificateTypeView>;
export const CertificateTypeList = z.object({ items: z.array(CertificateTypeView) });

export const OwnerKind = z.enum(['user', 'service_provider']);
export type OwnerKind = z.infer<typeof OwnerKind>;
/** ?is_service_provider=true|false selects the owner kind. */
export const CertificationsQuery = z.object({
  is_service_provider: boolParam.default(false),
});

export const CertificateView = z.object({
  id: z.uuid(),
  type_id: z.uuid(),
  name: z.string().nullable(),
  license_number: z.string().nullable(),
  comments: z.string().nullable(),
  country: z.string().nullable(),
  issue_date: z.string().nullable(),
  expiry: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  validity: z.enum(['valid', 'expired', 'none']),
  files: z.array(DocumentFileView),
  certificatable: z.object({
    kind: OwnerKind,
    id: z.uuid(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    director_name: z.string().nullable(),
  }),
  updated_at: z.string(),
});
export type CertificateView = z.infer<typeof CertificateView>;

/** One type in the lists; user_certificate is the owner's certificates of it, newest expiry first. */
export const CertificationEntry = z.object({
  type: z.object({ id: z.uuid(), name: z.string(), details: z.string().nullable() }),
  user_certificate: z.array(CertificateView),
  /** Of the first certificate; 'none' when there is none (a plus tile). */
  validity: z.enum(['valid', 'expired', 'none']),
});
export type CertificationEntry = z.infer<typeof CertificationEntry>;

/** What the signed-in user may do with the owner's certificates (packages/core/src/policies/certificate.ts). */
const CertificateAbilities = z.object({ manage: z.boolean() });

export const CertificationsView = z.object({
  owner: z.object({ kind: OwnerKind, id: z.uuid(), name: z.string() }),
  mandatoryCertificates: z.array(CertificationEntry),
  additionalCertificates: z.array(CertificationEntry),
  /** Additional types the owner has no certificate of yet (the round plus button shows when any). */
  unused_additional_types: z.array(z.object({ id: z.uuid(), name: z.string() })),
  mandatory_valid: z.number().int(),
  mandatory_total: z.number().int(),
  additional_valid: z.number().int(),
  additional_total: z.number().int(),
  abilities: CertificateAbilities,
  /** Today's date as the server counts validity ('YYYY-MM-DD'). */
  today: z.string(),
});
export type CertificationsView = z.infer<typeof CertificationsView>;

export const CertificationsOfType = z.object({
  type: CertificateTypeView,
  certificates: z.array(CertificateView),
  abilities: CertificateAbilities,
  today: z.string(),
});
export type CertificationsOfType = z.infer<typeof CertificationsOfType>;

const optDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
  .pipe(dateOnly().nullable());
/**
 * The certificate form's common fields (multipart: these, `details` as JSON of the type's own
 * fields, files[n], and on update existingFiles[n] = ids kept). Type fields are checked on the server
 * against the type's definitions.
 */
export const CertificateInput = z
  .object({
    type_id: z.uuid({ error: CERTIFICATE_TEXT.typeRequired }),
    name: nullableText(150),
    license_number: nullableText(100),
    comments: nullableText(2000),
    expiry: optDate,
    issue_date: optDate,
    country: nullableText(100),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
    existingFiles: z.array(z.uuid()).max(CERTIFICATE_FILE_MAX_COUNT).default([]),
  })
  .refine((v) => !v.issue_date || !v.expiry || v.expiry >= v.issue_date, {
    path: ['expiry'],
    message: 'The expiry must be on or after the issue date.',
  });
export type CertificateInput = z.input<typeof CertificateInput>;

/** `{ message }` answers (delete of a certificate: CERTIFICATE_TEXT.deleted; of a type: typeDeleted). */
export const CertificateMessage = z.object({ message: z.string() });
export type CertificateMessage = z.infer<typeof CertificateMessage>;
