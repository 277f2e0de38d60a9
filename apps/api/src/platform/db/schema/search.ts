// Quick search's vocabulary (features/search).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.js';

/**
 * The distinct words (3+ letters, no digits) of the tenant's projects' search_text: the
 * vocabulary quick search corrects typing slips against. Filled by triggers on projects
 * (migration 0009); words are never removed, so a few may be stale.
 */
export const projectSearchWords = pgTable(
  'project_search_words',
  {
    tenantId: tenantId(),
    word: text('word').notNull(),
    /**
     * How many of the tenant's projects the word index keys by this word (migration 0034): what
     * reading its posting list costs, so quick search picks the word index or the trigram index.
     */
    projects: integer('projects').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.word] }),
    index('project_search_words_trgm_idx').using('gin', t.tenantId, sql`${t.word} gin_trgm_ops`),
  ],
);
