import { z } from 'zod';
import { projectDateFields } from '../projects/view-fields.js';
import { projectStatusFields } from '../projects/view-fields.js';

/** A page of search results: the items, how many in all, this page and the last one. */
const searchPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
  });

export const QuickSearchQuery = z.object({
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const QuickSearchItem = z.object({
  id: z.number().int(),
  project_code: z.string(),
  name: z.string(),
  ...projectStatusFields(),
  start_date: z.string().nullable(),
  /** Omitted for client roles. */
  service_provider_name: z.string().nullable().optional(),
  account_manager_name: z.string().nullable(),
  project_manager_name: z.string().nullable(),
  location_first: z.string().nullable(),
});
export type QuickSearchItem = z.infer<typeof QuickSearchItem>;

export const QuickSearchResult = searchPage(QuickSearchItem);
export type QuickSearchResult = z.infer<typeof QuickSearchResult>;

export const RecentlyViewedItem = z.object({
  id: z.number().int(),
  last_accessed_date: z.string(),
  project_link: z.string(),
  project_code: z.string(),
  ...projectStatusFields(),
  category: z.string().nullable(),
  /** Client roles only. */
  order_ref: z.string().nullable().optional(),
  /** Non-client roles. */
  service_provider: z.string().nullable().optional(),
  /** Non-provider roles. */
  client: z.string().nullable().optional(),
  ...projectDateFields(),
  project_manager: z.string().nullable(),
  name: z.string(),
  location_address: z.string().nullable(),
  /**
   * Provider roles only: whether the project's provider holds valid certificates of every type
   * mandatory for providers, up to the project's end date ('Compliant' / 'Not compliant (v/t)').
   */
  compliance: z.string().nullable().optional(),
});
export type RecentlyViewedItem = z.infer<typeof RecentlyViewedItem>;
export const RecentlyViewedPage = searchPage(RecentlyViewedItem).extend({ columns: z.array(z.string()) });
export type RecentlyViewedPage = z.infer<typeof RecentlyViewedPage>;

/** Which Recently Viewed columns a role sees (spec 2 section 2.10). */
export function recentlyViewedColumns(kind: 'staff' | 'client' | 'provider'): string[] {
  return [
    'Last Accessed',
    'Project No.',
    'Status',
    'Category',
    ...(kind === 'client' ? ['Order Reference'] : []),
    ...(kind !== 'client' ? ['Service Provider'] : []),
    ...(kind !== 'provider' ? ['Client'] : []),
    'Start Date',
    'End Date',
    'Project Manager',
    'Title',
    'Location',
    ...(kind === 'provider' ? ['Compliance'] : []),
    'Action',
  ];
}

export const COMPLIANCE_TEXT = {
  compliant: 'Compliant',
  notCompliant: (valid: number, total: number) => `Not compliant (${valid}/${total})`,
} as const;
export const complianceOf = (valid: number, total: number) =>
  valid >= total ? COMPLIANCE_TEXT.compliant : COMPLIANCE_TEXT.notCompliant(valid, total);
