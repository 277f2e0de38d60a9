import { z } from 'zod';
import { PROJECT_STATUSES } from './statuses.js';

/*
 * The zod parts of a project's status and dates, apart from statuses.ts and dates.ts so that a screen reading
 * only the statuses' labels or formatting a date does not load zod.
 */

/** A project's status with its label and colour, as every project view carries it. */
export const projectStatusFields = () => ({
  status: z.enum(PROJECT_STATUSES),
  status_label: z.string(),
  status_colour: z.string(),
});

/** A project's start and end as the views carry them ('YYYY-MM-DDTHH:mm' at the site; null when not set). */
export const projectDateFields = () => ({ start_date: z.string().nullable(), end_date: z.string().nullable() });
