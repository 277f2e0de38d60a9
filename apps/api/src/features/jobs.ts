import type { JobDefinition } from '../platform/jobs.js';
import { jobs as certificateJobs } from './certificates/jobs.js';
import { jobs as taskJobs } from './tasks/jobs.js';

/** Every feature's jobs; the runtime hands them to startJobs (platform never imports a feature). */
export const featureJobs: readonly JobDefinition[] = [...certificateJobs, ...taskJobs];
