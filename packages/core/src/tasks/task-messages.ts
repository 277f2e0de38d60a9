import { z } from 'zod';
import { contactOptions, recipientFixesContact, RECIPIENTS } from '../task-templates/task-templates.js';

/**
 * E-mail and SMS of a task (issue 12 section 5; spec 2 sections 2.5, 4, 5, 7, 8): the task keeps
 * its recipient, contact and the chosen e-mail and SMS templates ('Email Saved', 'SMS Saved');
 * sending fills the template from the project and goes out through the outbox. Company roles only.
 */
export const TASK_MESSAGE_TEXT = {
  emailSaved: 'Email Saved',
  smsSaved: 'SMS Saved',
  failed: 'Error, something happend. Please try again later.',
  noPreview: 'No preview available.',
  // Ours.
  emailSent: 'Email sent.',
  smsSent: 'SMS sent.',
  noEmail: 'The chosen contact has no e-mail address.',
  noMobile: 'The chosen contact has no mobile number.',
  noContact: 'Choose a recipient and a contact first.',
  noTemplate: 'Choose a template first.',
  ccInvalid: 'Each CC must be an e-mail address.',
  subjectRequired: 'The subject cannot be empty.',
  templateChannel: 'Choose a template of this kind.',
  notCustom: 'This template is not a custom copy.',
  attachmentsFailed: 'Failed to get email attachment links.',
  attachment: 'Choose documents of this project.',
  attachmentsHeading: 'Documents',
  reminderSubject: 'Reminder: {task} is due',
  noAssignee: 'Nobody is assigned this task, so no reminder can be sent.',
} as const;

/** The attachment picker offers up to 300 documents and shows 4 of those chosen (spec 2 section 5). */
export const ATTACHMENT_OPTIONS = 300;
export const ATTACHMENTS_SHOWN = 4;

/** The CC pattern of spec 2 section 5: text, @, text, dot, text, no spaces. */
export const CC_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isCcEmail = (v: string) => CC_PATTERN.test(v);

const contactFields = {
  recipient: z.enum(RECIPIENTS, { error: TASK_MESSAGE_TEXT.noContact }),
  contact: z.string({ error: TASK_MESSAGE_TEXT.noContact }).trim().max(60).optional(),
  template_id: z.uuid({ error: TASK_MESSAGE_TEXT.noTemplate }),
};

/** The recipient, contact and template a task's e-mail or SMS goes with (saved on the task). */
export const TaskMessageChoice = z
  .object(contactFields)
  .superRefine((v, ctx) => {
    if (!recipientFixesContact(v.recipient) && !contactOptions(v.recipient).includes(v.contact ?? ''))
      ctx.addIssue({ code: 'custom', path: ['contact'], message: TASK_MESSAGE_TEXT.noContact });
  })
  .transform((v) => ({ ...v, contact: recipientFixesContact(v.recipient) ? v.recipient : v.contact! }));
export type TaskMessageChoice = z.input<typeof TaskMessageChoice>;

/** Sending the task's e-mail: CC addresses, and the subject and body as edited (the template's when absent). */
export const TaskEmailSend = z.object({
  cc: z
    .array(z.string().trim().regex(CC_PATTERN, { error: TASK_MESSAGE_TEXT.ccInvalid }))
    .max(20)
    .default([]),
  subject: z.string().trim().min(1, { error: TASK_MESSAGE_TEXT.subjectRequired }).max(300).optional(),
  body: z.string().max(100_000).optional(),
  /** Links of the project (its documents) listed at the end of the e-mail. */
  attachments: z
    .array(z.uuid({ error: TASK_MESSAGE_TEXT.attachment }))
    .max(ATTACHMENT_OPTIONS)
    .default([]),
});
export type TaskEmailSend = z.input<typeof TaskEmailSend>;

/** A document of the task's project that an e-mail can link to (the project's links). */
export const TaskAttachmentLink = z.object({ id: z.uuid(), title: z.string(), url: z.string() });
export type TaskAttachmentLink = z.infer<typeof TaskAttachmentLink>;

/** Who a message goes to and what it says, filled from the project; `problem` when it cannot go out. */
export const TaskMessagePreview = z.object({
  channel: z.enum(['email', 'sms']),
  template_id: z.uuid().nullable(),
  recipient: z.enum(RECIPIENTS).nullable(),
  contact: z.string().nullable(),
  to_name: z.string().nullable(),
  /** The e-mail address or the mobile number. */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  problem: z.string().nullable(),
  /** E-mail: when the notice (to the contact) and the reminder (to the assigned user) go out, company wall-clock; null when not waiting. */
  notice_at: z.string().nullable().default(null),
  reminder_at: z.string().nullable().default(null),
});
export type TaskMessagePreview = z.infer<typeof TaskMessagePreview>;

/** The task's e-mail template as the Edit Template modal edits it (placeholders unfilled). */
export const TaskEmailTemplate = z.object({
  id: z.uuid(),
  /** The name without the '(Custom Email)' marker. */
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  /** A custom copy made for this task (Revert deletes it and goes back to the original). */
  custom: z.boolean(),
});
export type TaskEmailTemplate = z.infer<typeof TaskEmailTemplate>;

/** Edit Template: the subject and body of the task's own copy (Save is disabled with an empty subject). */
export const TaskEmailTemplateInput = z.object({
  subject: z.string().trim().min(1, { error: TASK_MESSAGE_TEXT.subjectRequired }).max(300),
  body: z.string().max(100_000),
});
export type TaskEmailTemplateInput = z.input<typeof TaskEmailTemplateInput>;

/** Reverting asks 'Are you sure?' with this warning (spec 2 section 5). */
export const REVERT_CUSTOM_TEMPLATE = {
  title: 'Are you sure?',
  warning: 'This will permanently delete this custom email template and it cannot be recovered.',
} as const;
