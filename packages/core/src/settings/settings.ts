import { z } from 'zod';

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

/** Editor height bounds from spec 1. */
export const EDITOR_MIN_HEIGHT = 300;
export const EDITOR_MAX_HEIGHT = 800;

export const SettingCreate = z.object({
  key: z
    .string({ error: SETTING_TEXT.keyRequired })
    .trim()
    .min(1, { error: SETTING_TEXT.keyRequired, abort: true })
    .max(100, 'The key may be at most 100 characters.')
    .regex(/^[A-Za-z0-9._-]+$/, SETTING_TEXT.keyFormat),
  value: z.string().max(200_000, SETTING_TEXT.valueTooLong).default(''),
});
export type SettingCreate = z.infer<typeof SettingCreate>;

export const SettingUpdate = SettingCreate.pick({ value: true });
export type SettingUpdate = z.infer<typeof SettingUpdate>;

export const SettingView = z.object({
  id: z.uuid(),
  key: z.string(),
  value: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type SettingView = z.infer<typeof SettingView>;

export const SettingList = z.object({ items: z.array(SettingView) });

/** A legal text as published to everyone, signed in or not (GET /api/legal): no id, no author. */
export const LegalView = z.object({ key: z.string(), title: z.string(), value: z.string(), updated_at: z.string() });
export type LegalView = z.infer<typeof LegalView>;
export const LegalList = z.object({ items: z.array(LegalView) });
export type LegalList = z.infer<typeof LegalList>;

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
