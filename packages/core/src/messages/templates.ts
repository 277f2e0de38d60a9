import { z } from 'zod';
import { PageQuery, pageOf } from '../common/fields.js';
import { optionalFilter } from '../common/query.js';
import { escapeHtml, SMS_MAX_LENGTH } from './render.js';

/**
 * E-mail and SMS templates (issue 12 section 5; spec 2 sections 2.7, 3, 5, 7, 8 and 9): a named
 * subject and body with `{{variable}}` placeholders that a task's message is built from. What the
 * spec leaves open is in docs/decisions.md ("Message templates").
 */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', sms: 'SMS' };

export const MESSAGE_TEMPLATE_STATUSES = ['Active', 'Inactive'] as const;
export type MessageTemplateStatus = (typeof MESSAGE_TEMPLATE_STATUSES)[number];

/** The spec's marker of a task's custom copy of an e-mail template (section 9). */
export const CUSTOM_EMAIL_MARKER = '(Custom Email)';

export const MESSAGE_TEMPLATE_TEXT = {
  nameRequired: 'The name is required.',
  subjectRequired: 'The subject is required for an e-mail template.',
  bodyRequired: 'The body is required.',
  smsTooLong: `The SMS may not be greater than ${SMS_MAX_LENGTH} characters.`,
  clientNotFound: 'The chosen client was not found.',
  projectNotFound: 'The chosen project was not found.',
  /** The preview's text when it cannot be built (spec 2 section 8). */
  noPreview: 'No preview available.',
  saved: 'Saved.',
  removed: 'Removed.',
} as const;

/**
 * The variables a template may use (spec 2 section 9), in the spec's order, each with what it is
 * filled with. A placeholder is the name between double braces: `{{project_name}}`.
 */
export const MESSAGE_VARIABLES = [
  { name: 'user_name', description: 'The name of the person sending the message' },
  { name: 'client_trading_name', description: 'The trading name of the project’s client' },
  { name: 'service_provider_name', description: 'The name of the project’s service provider' },
  { name: 'project_name', description: 'The project’s name' },
  { name: 'project_number', description: 'The project’s number' },
  { name: 'order_reference', description: 'The project’s order reference' },
  { name: 'project_start_date', description: 'The project’s start date (dd/mm/yyyy)' },
  { name: 'project_end_date', description: 'The project’s end date (dd/mm/yyyy)' },
  { name: 'project_completion_date', description: 'The date the project was completed (dd/mm/yyyy)' },
  { name: 'project_manager_name', description: 'The project manager’s name' },
  { name: 'project_manager_mobile', description: 'The project manager’s mobile' },
  { name: 'project_manager_email', description: 'The project manager’s e-mail address' },
  { name: 'account_manager_name', description: 'The name of the client’s account manager on the project' },
  { name: 'site_contact_name', description: 'The name of the project’s first site contact' },
  { name: 'site_contact_mobile', description: 'The phone of the project’s first site contact' },
  { name: 'site_contact_email', description: 'The e-mail address of the project’s first site contact' },
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number]['name'];
export const MESSAGE_VARIABLE_NAMES: readonly MessageVariable[] = MESSAGE_VARIABLES.map((v) => v.name);

/** The placeholder of a variable as written in a template. */
export const placeholder = (name: string) => `{{${name}}}`;

/** The values a template is filled with: a missing key keeps its placeholder, null or '' fills nothing. */
export type TemplateValues = Partial<Record<MessageVariable, string | null>>;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * A template's text with its `{{variable}}` placeholders (spaces inside the braces allowed)
 * replaced by `values`. In an HTML body (`{ html: true }`) every value is escaped; a placeholder
 * of an unknown variable, or of one without a value in `values`, is left as written, so a
 * mistake shows in the preview instead of vanishing.
 */
export function fillTemplate(text: string, values: TemplateValues, options: { html?: boolean } = {}): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(MESSAGE_VARIABLE_NAMES as readonly string[]).includes(name)) return whole;
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    const value = values[name as MessageVariable] ?? '';
    return options.html ? escapeHtml(value) : value;
  });
}

/** A template's name without the custom marker (what a task shows). */
export const withoutCustomMarker = (name: string) => name.replace(CUSTOM_EMAIL_MARKER, '').trim();

const nullableId = () =>
  z
    .union([z.uuid({ error: MESSAGE_TEMPLATE_TEXT.clientNotFound }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** HTML of an empty editor ('<p></p>') counts as no body. */
const isBlankBody = (body: string) => body.replace(/<[^>]*>/g, '').trim() === '';

export const MessageTemplateInput = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS, { error: 'Choose e-mail or SMS.' }),
    // Not aborting (unlike requiredText), so the channel's checks below run too: every field's message at once.
    name: z
      .string({ error: MESSAGE_TEMPLATE_TEXT.nameRequired })
      .trim()
      .min(1, { error: MESSAGE_TEMPLATE_TEXT.nameRequired })
      .max(200, 'Must be at most 200 characters.'),
    subject: z
      .union([z.string().trim().max(255, 'Must be at most 255 characters.'), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    body: z.string({ error: MESSAGE_TEMPLATE_TEXT.bodyRequired }).max(100000, 'Must be at most 100000 characters.'),
    status: z.enum(MESSAGE_TEMPLATE_STATUSES).default('Active'),
    client_id: nullableId(),
  })
  .superRefine((t, ctx) => {
    if (t.channel === 'email' && !t.subject)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: MESSAGE_TEMPLATE_TEXT.subjectRequired });
    if (isBlankBody(t.body))
      ctx.addIssue({ code: 'custom', path: ['body'], message: MESSAGE_TEMPLATE_TEXT.bodyRequired });
    else if (t.channel === 'sms' && t.body.trim().length > SMS_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['body'], message: MESSAGE_TEMPLATE_TEXT.smsTooLong });
  })
  .transform((t) => ({
    ...t,
    subject: t.channel === 'email' ? t.subject : null,
    body: t.channel === 'sms' ? t.body.trim() : t.body,
  }));
export type MessageTemplateInput = z.input<typeof MessageTemplateInput>;
export type MessageTemplateData = z.output<typeof MessageTemplateInput>;

export const MessageTemplateView = z.object({
  id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  name: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(MESSAGE_TEMPLATE_STATUSES),
  client_id: z.uuid().nullable(),
  client_name: z.string().nullable(),
  original_template_id: z.uuid().nullable(),
  updated_at: z.string(),
});
export type MessageTemplateView = z.infer<typeof MessageTemplateView>;
export const MessageTemplatePage = pageOf(MessageTemplateView);
export type MessageTemplatePage = z.infer<typeof MessageTemplatePage>;

export const MessageTemplateListQuery = PageQuery.extend({
  channel: optionalFilter(z.enum(MESSAGE_CHANNELS)),
  status: optionalFilter(z.enum(MESSAGE_TEMPLATE_STATUSES)),
});
export type MessageTemplateListQuery = z.input<typeof MessageTemplateListQuery>;

/** A preview: the template as being edited, filled from a project (optional) and the signed-in user. */
export const MessageTemplatePreviewInput = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  subject: z.string().max(255).nullable().optional(),
  body: z.string().max(100000),
  project_id: z
    .number({ error: MESSAGE_TEMPLATE_TEXT.projectNotFound })
    .int({ error: MESSAGE_TEMPLATE_TEXT.projectNotFound })
    .positive({ error: MESSAGE_TEMPLATE_TEXT.projectNotFound })
    .nullable()
    .optional(),
});
export type MessageTemplatePreviewInput = z.input<typeof MessageTemplatePreviewInput>;

export const MessageTemplatePreview = z.object({ subject: z.string().nullable(), body: z.string() });
export type MessageTemplatePreview = z.infer<typeof MessageTemplatePreview>;
