import { z } from 'zod';
import {
  nullableEmail,
  nullableText,
  postcodeField,
  requiredText,
  stateField,
  nullablePhone,
} from '../common/fields.js';
import { userOptionView } from '../common/views.js';

/**
 * The quote request (spec 3 sections 2.5, 3, 5, 7, 8 and 9; issue 13 section 5): a client or
 * provider user proposes a new project; it is created with status Quote and the staff are told.
 */
export const QUOTE_REQUEST_TEXT = {
  successTitle: 'Success!',
  successBody:
    'Your quote request has been sent for review. The proposed project has been setup with the provided details.',
  viewProject: 'View Project',
  maxFiles: 'You have reached the max file upload size.',
  unknownError: 'An Unknown Error Has Occurred',
  loadFailed: 'Failed to access server, please try again later',
  projectNameRequired: 'The project name field is required.',
  streetRequired: 'The street field is required.',
  suburbRequired: 'The suburb field is required.',
  stateRequired: 'The state field is required.',
  postcodeRequired: 'The postcode field is required.',
  contactNameRequired: 'The contact name field is required.',
  summaryRequired: 'The summary field is required.',
  summaryMax: 'The summary may not be greater than 500 characters.',
  notesMax: 'The notes may not be greater than 500 characters.',
  accountManagerRequired: 'The account manager field is required.',
  accountManagerInvalid: 'The selected account manager is invalid.',
  fileType: 'The file must be a file of type: png, jpg, gif, bmp, jpeg, pdf, doc, docx, xls, xlsx, msg.',
  fileSize: 'The file may not be greater than 10 MB.',
  alreadySent: 'This quote request has already been sent.',
  mailSubject: 'New quote request',
} as const;

/** The spec's limits: at most 8 files, 4 uploading at a time, summary and notes 500 characters. */
export const QUOTE_REQUEST_MAX_FILES = 8;
export const QUOTE_REQUEST_PARALLEL_UPLOADS = 4;
export const QUOTE_REQUEST_TEXT_MAX = 500;
/** Not in the spec: each attachment at most 10 MB (the server buffers it to check its content). */
export const QUOTE_REQUEST_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The allowed extensions and the content each must have (file-type's answer for the bytes): the
 * old Office formats and Outlook's .msg are OLE compound files, .docx and .xlsx Office Open XML.
 */
export const QUOTE_REQUEST_FILE_TYPES = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  bmp: ['image/bmp'],
  pdf: ['application/pdf'],
  doc: ['application/x-cfb'],
  xls: ['application/x-cfb'],
  msg: ['application/x-cfb'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const satisfies Record<string, readonly string[]>;
export type QuoteRequestExtension = keyof typeof QUOTE_REQUEST_FILE_TYPES;
export const QUOTE_REQUEST_EXTENSIONS = Object.keys(QUOTE_REQUEST_FILE_TYPES) as QuoteRequestExtension[];
/** Every content type some extension allows (what the server's check accepts at all). */
export const QUOTE_REQUEST_MIMES = [...new Set(Object.values(QUOTE_REQUEST_FILE_TYPES).flat())];

/** The lower-case extension of a file name when it is an allowed one, else null. */
export function quoteRequestExtension(name: string): QuoteRequestExtension | null {
  const match = /\.([a-z0-9]+)$/i.exec(name.trim());
  const ext = match?.[1]?.toLowerCase();
  return ext && ext in QUOTE_REQUEST_FILE_TYPES ? (ext as QuoteRequestExtension) : null;
}

/** Whether a file named `name` whose content is `mime` is an allowed attachment (extension and content agree). */
export function quoteRequestFileAllowed(name: string, mime: string): boolean {
  const ext = quoteRequestExtension(name);
  return ext !== null && (QUOTE_REQUEST_FILE_TYPES[ext] as readonly string[]).includes(mime);
}

const optionalUuid = z
  .union([z.uuid({ error: QUOTE_REQUEST_TEXT.accountManagerInvalid }), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** The form (POST /api/quote-requests/:id/submit). */
export const QuoteRequestInput = z.object({
  project_name: requiredText(QUOTE_REQUEST_TEXT.projectNameRequired),
  street: requiredText(QUOTE_REQUEST_TEXT.streetRequired),
  suburb: requiredText(QUOTE_REQUEST_TEXT.suburbRequired, 100),
  state: stateField(QUOTE_REQUEST_TEXT.stateRequired),
  postcode: postcodeField(QUOTE_REQUEST_TEXT.postcodeRequired),
  contact_name: requiredText(QUOTE_REQUEST_TEXT.contactNameRequired, 150),
  contact_position: nullableText(100),
  contact_email: nullableEmail(),
  contact_phone: nullablePhone(),
  account_manager: optionalUuid,
  summary: z
    .string({ error: QUOTE_REQUEST_TEXT.summaryRequired })
    .trim()
    .min(1, { error: QUOTE_REQUEST_TEXT.summaryRequired, abort: true })
    .max(QUOTE_REQUEST_TEXT_MAX, QUOTE_REQUEST_TEXT.summaryMax),
  notes: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(QUOTE_REQUEST_TEXT_MAX, QUOTE_REQUEST_TEXT.notesMax).nullable()),
});
export type QuoteRequestInput = z.input<typeof QuoteRequestInput>;
export type QuoteRequestParsed = z.output<typeof QuoteRequestInput>;

/** POST /api/quote-requests: the draft the attachments upload to. */
export const QuoteRequestCreated = z.object({ quoteRequest: z.object({ id: z.uuid(), user_id: z.uuid() }) });
export type QuoteRequestCreated = z.infer<typeof QuoteRequestCreated>;

/** GET /api/quote-requests/account-managers. */
export const QuoteRequestAccountManagers = z.object({ account_managers: z.array(userOptionView()) });
export type QuoteRequestAccountManagers = z.infer<typeof QuoteRequestAccountManagers>;

/** An uploaded attachment. */
export const QuoteRequestFileView = z.object({ id: z.uuid(), name: z.string(), mime: z.string(), size: z.number() });
export type QuoteRequestFileView = z.infer<typeof QuoteRequestFileView>;
export const QuoteRequestFileUploaded = z.object({ file: QuoteRequestFileView });

/** POST /api/quote-requests/:id/submit: where the new project is. */
export const QuoteRequestSubmitted = z.object({ message: z.string(), redirect_url: z.string() });
export type QuoteRequestSubmitted = z.infer<typeof QuoteRequestSubmitted>;
