/**
 * Messages (e-mail and SMS): one way to turn what a message says into its plain text and its
 * HTML, and the one HTML escape. Pure: the API's features build the blocks, the outbox sends them.
 */

/** Text made safe inside HTML elements and double- or single-quoted attributes (`&#38;`, `&#60;`, ...). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One block of a message, in order:
 * - a string: a paragraph ('Hello Ann,', the body, a sign-off);
 * - `{ label, url }`: the button or link (text: 'label: url');
 * - `{ rows }`: label/value lines (text: 'label: value' per line; HTML: a two-column table).
 */
export type MessageBlock =
  | string
  | { readonly label: string; readonly url: string }
  | { readonly rows: readonly (readonly [label: string, value: string])[] };

export type RenderedMessage = { text: string; html: string };

const blockText = (b: MessageBlock): string =>
  typeof b === 'string' ? b : 'url' in b ? `${b.label}: ${b.url}` : b.rows.map(([k, v]) => `${k}: ${v}`).join('\n');

const blockHtml = (b: MessageBlock): string =>
  typeof b === 'string'
    ? `<p>${escapeHtml(b)}</p>`
    : 'url' in b
      ? `<p><a href="${escapeHtml(b.url)}">${escapeHtml(b.label)}</a></p>`
      : `<table>${b.rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;

/** The plain text of a message: blocks separated by a blank line, ending with a newline (the e-mail text part, an SMS). */
export const messageText = (blocks: readonly MessageBlock[]): string => `${blocks.map(blockText).join('\n\n')}\n`;

/** The HTML of a message: every value escaped, one element per block. */
export const messageHtml = (blocks: readonly MessageBlock[]): string => blocks.map(blockHtml).join('');

/** Both parts of an e-mail from the same blocks, so the text and the HTML always say the same thing. */
export const renderMessage = (blocks: readonly MessageBlock[]): RenderedMessage => ({
  text: messageText(blocks),
  html: messageHtml(blocks),
});

/** The longest SMS text the outbox takes (what gateways such as Twilio accept: up to 10 segments). */
export const SMS_MAX_LENGTH = 1600;

/** Texts about messages a caller may show: an SMS the outbox refuses (422, fields `to` and `text`). */
export const MESSAGE_TEXT = {
  invalidMobile: 'The phone number is not a valid mobile number.',
  smsRequired: 'The message is required.',
  smsTooLong: `The message may not be greater than ${SMS_MAX_LENGTH} characters.`,
} as const;
