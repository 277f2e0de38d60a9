// Client companies (features/clients).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.js';

/** Client companies of a tenant. Client users are users with a client role and this client_id. */
export const clients = pgTable(
  'clients',
  {
    tenantId: tenantId(),
    id: id(),
    tradingName: text('trading_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('clients_tenant_name_key').on(t.tenantId, sql`lower(${t.tradingName})`),
    index('clients_tenant_name_idx').on(t.tenantId, t.tradingName),
  ],
);
