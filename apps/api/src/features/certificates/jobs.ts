import { COMPANY_TIME_ZONE } from '@siteflow/core';
import type { JobDefinition } from '../../platform/jobs.js';
import { CERTIFICATE_REMINDER_CRON, CERTIFICATE_REMINDER_QUEUE, sendCertificateReminders } from './reminders.js';

/** The certificates feature's jobs: the daily expiry reminders, at 06:00 company time. */
export const jobs: JobDefinition[] = [
  {
    queue: CERTIFICATE_REMINDER_QUEUE,
    schedule: CERTIFICATE_REMINDER_CRON,
    tz: COMPANY_TIME_ZONE,
    handler: (deps) => sendCertificateReminders(deps),
  },
];
