// The project links panel (features/project-links).
import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.js';
import { projectRef } from './projects.js';

/** The project links panel: titled URLs (always https://). */
export const projectLinks = pgTable(
  'project_links',
  {
    tenantId: tenantId(),
    id: id(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    title: text('title').notNull().default(''),
    url: text('url').notNull(),
    summary: text('summary'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('project_links_tenant_project_idx').on(t.tenantId, t.projectId, t.createdAt),
    projectRef(t),
  ],
);
