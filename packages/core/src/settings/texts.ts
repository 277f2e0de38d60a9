// The settings' texts and the published legal texts' shaping, without zod: the sign-in screens
// link 'Terms and policies' and must not carry the schemas (a module travels whole into a chunk).

export const SETTING_TEXT = {
  keyLabel: 'Setting key',
  add: 'Add setting',
  save: 'Save Changes',
  lastUpdated: 'Last updated',
  keyRequired: 'The key field is required.',
  keyFormat: 'The key may only contain letters, digits, dots, dashes and underscores.',
  keyTaken: 'The key has already been taken.',
  valueTooLong: 'The value is too long.',
  created: 'Setting added.',
  saved: 'Setting saved.',
  removed: 'Setting removed.',
  /** The published page (/legal), its link in the side menu and under the sign-in card. */
  legalHeading: 'Terms and policies',
  legalIntro: 'The terms and policies that apply when you use this site.',
  legalEmpty: 'No terms or policies have been published yet.',
  legalBackSignedIn: 'Back to the app',
  legalBackSignedOut: 'Sign in',
} as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A legal text as published: its title and the text under it. A text that opens with a heading
 * (as most do: '<h2>Privacy Policy</h2>…') is titled by that heading, which then leaves the body so
 * it does not show twice; otherwise the title is the key made readable ('privacy-policy' ->
 * 'Privacy policy').
 */
export function legalDocument(key: string, value: string): { title: string; value: string } {
  const lead = /^\s*<h([1-4])>([\s\S]*?)<\/h\1>/i.exec(value);
  const heading = lead
    ? lead[2]!
        .replace(/<[^>]*>/g, '')
        .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
        .replace(/\s+/g, ' ')
        .trim()
    : '';
  if (lead && heading) return { title: heading, value: value.slice(lead[0].length).trimStart() };
  const words = key.replace(/[._-]+/g, ' ').trim();
  return { title: words.charAt(0).toUpperCase() + words.slice(1), value };
}
