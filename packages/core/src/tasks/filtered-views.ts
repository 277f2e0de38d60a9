import type { TaskListQuery } from './tasks.js';

// Apart from tasks.ts so that the side menu does not load zod.

/** The filtered views of the side menu (spec 2 section 9), each a set of filters. */
export const FILTERED_VIEWS = ['Today', 'Overdue', 'Mine', 'Any', 'Unallocated'] as const;
export type FilteredView = (typeof FILTERED_VIEWS)[number];

/** A side-menu view's filters (on top of the all-projects defaults). */
export const FILTERED_VIEW_FILTERS: Record<FilteredView, Partial<Record<keyof TaskListQuery, string>>> = {
  Today: { due: 'Today' },
  Overdue: { due: 'Overdue' },
  Mine: { assigned: 'Mine', due: 'Any' },
  Any: { due: 'Any', project_status: 'any' },
  Unallocated: { assigned: 'Unallocated', due: 'Any' },
};
