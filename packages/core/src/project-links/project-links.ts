import { z } from 'zod';
import { pageOf } from '../common/fields.js';

/** Texts verbatim from spec 1 section 8. */
export const PROJECT_LINK_TEXT = {
  create: 'Create New Item',
  edit: 'Edit Item',
  addNew: 'Add New',
  saved: 'Saved Item...',
  created: 'Created Item...',
  loadFailed: 'Failed to load item, please try again later.',
  deleteFailed: 'Failed to delete please try again later',
  saveFailed: 'Error While Saving, please try again later',
  urlInvalid: 'The url must be a valid web address.',
} as const;
export const PROJECT_LINK_MESSAGE_MS = 4000;

/** The url always carries an https:// prefix; an existing http:// or https:// is replaced. */
export function forceHttps(url: string): string {
  const bare = url.trim().replace(/^https?:\/\//i, '');
  return `https://${bare}`;
}

export const ProjectLinkInput = z.object({
  title: z.string().trim().max(200).default(''),
  url: z
    .string()
    .max(2000)
    .default('')
    .transform(forceHttps)
    // A host with at least one dot (or localhost), then an optional path, no spaces.
    .refine(
      (u) => /^https:\/\/([^\s/?#@:]+\.[^\s/?#@:]+|localhost)(:\d{1,5})?([/?#]\S*)?$/i.test(u),
      PROJECT_LINK_TEXT.urlInvalid,
    ),
  summary: z.string().trim().max(5000).default(''),
});
export type ProjectLinkInput = z.input<typeof ProjectLinkInput>;

export const ProjectLinkView = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  summary: z.string().nullable(),
  updated_at: z.string(),
});
export type ProjectLinkView = z.infer<typeof ProjectLinkView>;
export const ProjectLinkPage = pageOf(ProjectLinkView);
export const ProjectLinkSaved = z.object({ message: z.string(), link: ProjectLinkView });
