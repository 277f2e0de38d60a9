// Tenants (the tenant registry), their users, sessions, password resets and settings, and the
// sign-in throttling counters and known devices (features/auth, staff, customers, settings).
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.js';

/** The platform itself is a tenant of kind 'platform' with this fixed id (its users are platform admins). */
export const PLATFORM_TENANT_ID = '00000000-0000-4000-8000-000000000000';

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
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    position: text('position'),
    address: text('address'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    logoKey: text('logo_key'),
    staffPmFlag: boolean('staff_pm_flag').notNull().default(false),
    staffSystemEmails: boolean('staff_system_emails').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tenants_slug_key').on(t.slug), index('tenants_customer_name_idx').on(t.customerName)],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    position: text('position'),
    role: text('role').notNull(),
    isProjectManager: boolean('is_project_manager').notNull().default(false),
    notifications: boolean('notifications').notNull().default(true),
    address: text('address'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    pictureKey: text('picture_key'),
    mobile: text('mobile'),
    /** Client users (client_admin, client_account, client_am) belong to one client. FK in migration 0003. */
    clientId: uuid('client_id'),
    /** Service-provider users (sp_admin, sp_employee) belong to one provider. FK in migration 0003. */
    serviceProviderId: uuid('service_provider_id'),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: id(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sessions_tenant_token_key').on(t.tenantId, t.tokenHash),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: tenantId(),
    id: id(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (requested, 60 minutes) or 'invite' (a new account's first password, 7 days). */
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('password_resets_tenant_token_key').on(t.tenantId, t.tokenHash),
    index('password_resets_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const settings = pgTable(
  'settings',
  {
    tenantId: tenantId(),
    id: id(),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('settings_tenant_key_key').on(t.tenantId, t.key),
    foreignKey({ columns: [t.tenantId, t.updatedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * Sign-in and reset attempt counters, for throttling across API processes. One row per key (a
 * hash): n attempts in the window that ends at reset_at. Counting is one atomic upsert.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Browsers that signed in to an account before (the sf_device cookie): key = hash of tenant,
 * e-mail and the cookie's token, so neither the token nor the account is stored in the clear.
 */
export const knownDevices = pgTable('known_devices', {
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
