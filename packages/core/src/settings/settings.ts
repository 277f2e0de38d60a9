import { z } from 'zod';
import { SETTING_TEXT } from './texts.js';

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
