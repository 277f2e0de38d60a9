// Client companies (features/clients).
import { sql } from 'drizzle-orm';
import { boolean, index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { locality, tenantTable, timestamps } from './columns.js';

/** Client companies of a tenant. Client users are users with a client role and this client_id. */
export const clients = tenantTable(
  'clients',
  {
    tradingName: text('trading_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    ...locality(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('clients_tenant_name_key').on(t.tenantId, sql`lower(${t.tradingName})`),
    index('clients_tenant_name_idx').on(t.tenantId, t.tradingName),
  ],
);
