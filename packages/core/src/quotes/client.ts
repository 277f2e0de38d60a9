import { z } from 'zod';
import { companyDay } from '../format/wall-clock.js';
import { QUOTE_LIMITS, QuoteProject, QuoteView } from './quotes.js';

/**
 * The client answers a quote online (issue 13 section 6, beyond the spec): staff send a Draft to
 * the client's users, who see it without costs, profit, margins or general notes and accept it
 * (their typed name as the signature) or reject it with a reason. The texts are ours
 * (docs/decisions.md, "Quotes: the client accepts online").
 */
export const CLIENT_QUOTE_TEXT = {
  // Staff
  sendButton: 'Send to Client',
  sendTitle: 'Send Quote to Client',
  sendConfirm: 'Send this quote to the client?',
  sendDetail:
    "The client's administrators and account manager are e-mailed a link to the quote on the project. They can accept it, signing with their name, or reject it with a reason.",
  send: 'Send',
  saveFirst: 'Your changes not saved yet are saved first.',
  sentTitle: 'Quote sent!',
  sent: 'The quote was sent to the client.',
  sendFailed: 'Failed to send the quote, please try again later.',
  notSendable: 'Only a Draft quote can be sent to the client.',
  noRecipients: 'The project has no active client users to send the quote to.',
  mailSubject: 'Quote for your review',
  decisionMailSubject: 'Quote answered by the client',
  // Client
  button: 'Quote',
  notSent: 'No quote has been sent for this project yet.',
  accept: 'Accept Quote',
  reject: 'Reject Quote',
  signLabel: 'Type your full name to sign',
  nameRequired: 'Type your full name to sign.',
  iAccept: 'I accept',
  reasonLabel: 'Reason for Rejection:',
  reasonRequired: 'Give the reason for rejecting the quote.',
  rejectSubmit: 'Reject',
  cancel: 'Cancel',
  notAnswerable: 'This quote can no longer be answered: its status has changed.',
  acceptedTitle: 'Quote accepted!',
  accepted: 'Thank you: the quote is accepted and the company has been told.',
  rejectedTitle: 'Quote rejected.',
  rejected: 'The quote is rejected and the company has been told.',
  answerFailed: 'Failed to answer the quote, please try again later.',
  loadFailed: 'Failed to load the quote, please try again later.',
  unknownQuote: 'This is not the quote that was sent for this project.',
} as const;

/**
 * GET /api/projects/:id/client-quote: the project (its code and title name the screen) and its most
 * recently sent quote as the client sees it, or null while nothing was sent (a normal state, not an
 * error: the screen says CLIENT_QUOTE_TEXT.notSent).
 */
export const ClientQuoteView = z.object({ project: QuoteProject, quote: QuoteView.nullable() });
export type ClientQuoteView = z.infer<typeof ClientQuoteView>;

export const CLIENT_DECISIONS = ['Accepted', 'Rejected'] as const;
export type ClientDecision = (typeof CLIENT_DECISIONS)[number];

/** The signature's length limit. */
export const SIGNATURE_MAX = 255;

const optTrimmed = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());

/**
 * POST /api/projects/:id/client-quote/respond: the quote that was sent (its id), Accepted with the
 * typed name, or Rejected with the reason.
 */
export const ClientQuoteResponseInput = z
  .object({
    quote_id: z
      .number({ error: CLIENT_QUOTE_TEXT.unknownQuote })
      .int({ error: CLIENT_QUOTE_TEXT.unknownQuote })
      .positive({ error: CLIENT_QUOTE_TEXT.unknownQuote })
      .max(Number.MAX_SAFE_INTEGER),
    decision: z.enum(CLIENT_DECISIONS, { error: 'Choose Accepted or Rejected.' }),
    name: optTrimmed(SIGNATURE_MAX),
    reason: optTrimmed(QUOTE_LIMITS.reason),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'Accepted' && !v.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: CLIENT_QUOTE_TEXT.nameRequired });
    if (v.decision === 'Rejected' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CLIENT_QUOTE_TEXT.reasonRequired });
  });
export type ClientQuoteResponseInput = z.input<typeof ClientQuoteResponseInput>;
export type ClientQuoteResponseData = z.output<typeof ClientQuoteResponseInput>;

/** A day as the client's answer shows it: DD/MM/YYYY on the company's clock ('' when missing). */
export function decisionDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const [y, m, d] = companyDay(at).split('-') as [string, string, string];
  return `${d}/${m}/${y}`;
}

/**
 * The line under a quote that was sent: 'Accepted by {name} on {date}', 'Rejected on {date}:
 * {reason}', else 'Sent to the client on {date} by {name}'; null when it was never sent.
 */
export function clientDecisionText(q: {
  sent_at: string | null;
  sent_by_name: string | null;
  client_decision: ClientDecision | null;
  client_decision_name: string | null;
  client_decision_at: string | null;
  reason: string | null;
}): string | null {
  if (q.client_decision === 'Accepted')
    return `Accepted by ${q.client_decision_name ?? ''} on ${decisionDate(q.client_decision_at)}`;
  if (q.client_decision === 'Rejected')
    return `Rejected on ${decisionDate(q.client_decision_at)}${q.reason ? `: ${q.reason}` : ''}`;
  if (q.sent_at)
    return `Sent to the client on ${decisionDate(q.sent_at)}${q.sent_by_name ? ` by ${q.sent_by_name}` : ''}`;
  return null;
}
