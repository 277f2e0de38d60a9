// The offline gazetteer and the loaded reference data versions (features/geo, platform/db/bootstrap.ts).
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

/** The offline gazetteer (AU suburbs with postcodes, NZ towns): global reference data. */
export const gazetteer = pgTable(
  'gazetteer',
  {
    id: integer('id').primaryKey(),
    country: text('country').notNull(),
    suburb: text('suburb').notNull(),
    state: text('state'),
    postcode: text('postcode'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    population: integer('population'),
  },
  (t) => [
    index('gazetteer_postcode_idx').on(t.postcode),
    index('gazetteer_suburb_trgm_idx').using('gin', sql`lower(${t.suburb}) gin_trgm_ops`),
  ],
);

/** Which version of each shipped reference data set is loaded (global): lets start-up skip an unchanged reload. */
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  rowCount: integer('row_count').notNull(),
  loadedAt: instant('loaded_at').notNull().defaultNow(),
});
