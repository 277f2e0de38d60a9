import { COMPANY_TIME_ZONE } from '@siteflow/core';
import type { JobDefinition } from '../../platform/jobs.js';
import {
  computeProjectDueDates,
  DUE_DATES_QUEUE,
  DUE_DATES_SWEEP_CRON,
  DUE_DATES_SWEEP_QUEUE,
  sweepGeneratingTasks,
  type DueDatesJob,
} from './due-dates-job.js';
import { NOTICES_CRON, NOTICES_QUEUE, sendTaskNotices } from './notices.js';

/** The tasks feature's jobs: a project's due dates when queued, the 5-minute sweep of what is still generating, and the due notices and reminders. */
export const jobs: JobDefinition[] = [
  { queue: DUE_DATES_QUEUE, handler: (deps, data) => computeProjectDueDates(deps, data as DueDatesJob) },
  {
    queue: DUE_DATES_SWEEP_QUEUE,
    schedule: DUE_DATES_SWEEP_CRON,
    tz: COMPANY_TIME_ZONE,
    handler: (deps) => sweepGeneratingTasks(deps),
  },
  { queue: NOTICES_QUEUE, schedule: NOTICES_CRON, tz: COMPANY_TIME_ZONE, handler: (deps) => sendTaskNotices(deps) },
];
