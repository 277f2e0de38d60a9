// Tenants (the tenant registry), their users, sessions, password resets and settings, and the
// sign-in throttling counters and known devices (features/auth, staff, customers, settings).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant, locality, tenantFk, tenantId, tenantTable, timestamps } from './columns.js';

/** The platform itself is a tenant of kind 'platform' with this fixed id (its users are platform admins). */
export const PLATFORM_TENANT_ID = '00000000-0000-4000-8000-000000000000';

/** A person's e-mail, name, phone and position: a tenant's contact and every user. */
const person = () => ({
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  position: text('position'),
});

/** Customer companies (global table: the tenant registry itself). */
export const tenants = pgTable(
  'tenants',
  {
    id: id().primaryKey(),
    kind: text('kind', { enum: ['platform', 'customer'] })
      .notNull()
      .default('customer'),
    slug: text('slug'),
    customerName: text('customer_name').notNull(),
    ...person(),
    address: text('address'),
    ...locality(),
    logoKey: text('logo_key'),
    staffPmFlag: boolean('staff_pm_flag').notNull().default(false),
    staffSystemEmails: boolean('staff_system_emails').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tenants_slug_key').on(t.slug), index('tenants_customer_name_idx').on(t.customerName)],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    ...person(),
    role: text('role').notNull(),
    isProjectManager: boolean('is_project_manager').notNull().default(false),
    notifications: boolean('notifications').notNull().default(true),
    address: text('address'),
    ...locality(),
    pictureKey: text('picture_key'),
    mobile: text('mobile'),
    /** Client users (client_admin, client_account, client_am) belong to one client. FK in migration 0003. */
    clientId: uuid('client_id'),
    /** Service-provider users (sp_admin, sp_employee) belong to one provider. FK in migration 0003. */
    serviceProviderId: uuid('service_provider_id'),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    index('users_tenant_name_idx').on(t.tenantId, t.lastName, t.firstName),
    index('users_tenant_role_idx').on(t.tenantId, t.role),
    index('users_tenant_client_idx').on(t.tenantId, t.clientId),
    index('users_tenant_provider_idx').on(t.tenantId, t.serviceProviderId),
  ],
);

/** The keys of a table of users' secret tokens: the token's hash (unique), the user's rows, gone with the user. */
const userTokenKeys = (table: string, t: { tenantId: AnyPgColumn; userId: AnyPgColumn; tokenHash: AnyPgColumn }) => [
  uniqueIndex(`${table}_tenant_token_key`).on(t.tenantId, t.tokenHash),
  index(`${table}_tenant_user_idx`).on(t.tenantId, t.userId),
  tenantFk(t, t.userId, users).onDelete('cascade'),
];

export const sessions = tenantTable(
  'sessions',
  {
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => userTokenKeys('sessions', t),
);

export const passwordResets = tenantTable(
  'password_resets',
  {
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (requested, 60 minutes) or 'invite' (a new account's first password, 7 days). */
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => userTokenKeys('password_resets', t),
);

export const settings = tenantTable(
  'settings',
  {
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    updatedBy: uuid('updated_by'),
    ...timestamps(),
  },
  // One setting per key in a company, whatever the case ('Terms' and 'terms'; migration 0042).
  (t) => [
    uniqueIndex('settings_tenant_lower_key_key').on(t.tenantId, sql`lower(${t.key})`),
    tenantFk(t, t.updatedBy, users),
  ],
);

/**
 * Sign-in and reset attempt counters, for throttling across API processes. One row per key (a
 * hash): n attempts in the window that ends at reset_at. Counting is one atomic upsert.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  resetAt: instant('reset_at').notNull(),
});

/**
 * Browsers that signed in to an account before (the sf_device cookie): key = hash of tenant,
 * e-mail and the cookie's token, so neither the token nor the account is stored in the clear.
 */
export const knownDevices = pgTable('known_devices', {
  key: text('key').primaryKey(),
  expiresAt: instant('expires_at').notNull(),
});
