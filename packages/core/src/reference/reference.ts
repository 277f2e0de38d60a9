import { z } from 'zod';
import { requiredText } from '../common/fields.js';

export const REFERENCE_TEXT = {
  nameRequired: 'The name field is required.',
  titleRequired: 'The title field is required.',
  nameTaken: 'The name has already been taken.',
  titleTaken: 'The title has already been taken.',
  inUse: 'It is in use by projects and cannot be removed; deactivate it instead.',
  tagInUse: 'This tag is used by projects and cannot be removed; take it off those projects first.',
  saved: 'Saved.',
  removed: 'Removed.',
} as const;

/** Seeded for every tenant; the creation form defaults to it. */
export const DEFAULT_CLASSIFICATION = 'Installation';

export const CategoryInput = z.object({
  name: requiredText(REFERENCE_TEXT.nameRequired, 100),
  active: z.boolean().default(true),
  service_ids: z.array(z.uuid()).max(500).default([]),
});
export type CategoryInput = z.input<typeof CategoryInput>;
export const CategoryView = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  services: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type CategoryView = z.infer<typeof CategoryView>;

export const ServiceInput = z.object({
  name: requiredText(REFERENCE_TEXT.nameRequired, 100),
  active: z.boolean().default(true),
});
export type ServiceInput = z.input<typeof ServiceInput>;
export const ServiceView = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  category_count: z.number().int(),
});
export type ServiceView = z.infer<typeof ServiceView>;

export const TagInput = z.object({ name: requiredText(REFERENCE_TEXT.nameRequired, 60) });
export const TagView = z.object({ id: z.uuid(), name: z.string(), project_count: z.number().int() });
export type TagView = z.infer<typeof TagView>;

export const ClassificationInput = z.object({
  title: requiredText(REFERENCE_TEXT.titleRequired, 100),
  active: z.boolean().default(true),
});
export type ClassificationInput = z.input<typeof ClassificationInput>;
export const ClassificationView = z.object({ id: z.uuid(), title: z.string(), active: z.boolean() });
export type ClassificationView = z.infer<typeof ClassificationView>;

/** Tags typed by a user: trimmed, and one per name whatever the case. */
export function uniqueTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}
