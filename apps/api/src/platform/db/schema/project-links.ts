// The project links panel (features/project-links).
import { index, text } from 'drizzle-orm/pg-core';
import { projectId, tenantTable, timestamps } from './columns.js';
import { projectRef } from './projects.js';

/** The project links panel: titled URLs (always https://). */
export const projectLinks = tenantTable(
  'project_links',
  {
    projectId: projectId(),
    title: text('title').notNull().default(''),
    url: text('url').notNull(),
    summary: text('summary'),
    ...timestamps(),
  },
  (t) => [index('project_links_tenant_project_idx').on(t.tenantId, t.projectId, t.createdAt), projectRef(t)],
);
