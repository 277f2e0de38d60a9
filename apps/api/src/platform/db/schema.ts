import { sql } from 'drizzle-orm';
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

const id = () => uuid('id').notNull().default(sql`gen_random_uuid()`);
const tenantId = () => uuid('tenant_id').notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The platform itself is a tenant of kind 'platform' with this fixed id (its users are platform admins). */
export const PLATFORM_TENANT_ID = '00000000-0000-4000-8000-000000000000';

/** Customer companies (global table: the tenant registry itself). */
export const tenants = pgTable(
  'tenants',
  {
    id: id().primaryKey(),
    kind: text('kind', { enum: ['platform', 'customer'] }).notNull().default('customer'),
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
  (t) => [
    uniqueIndex('tenants_slug_key').on(t.slug),
    index('tenants_customer_name_idx').on(t.customerName),
  ],
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
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull().default('reset'),
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

/** Messages to send, written in the business transaction and delivered by a job. */
export const outbox = pgTable(
  'outbox',
  {
    tenantId: tenantId(),
    id: id(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);

/**
 * The built-in mailbox: where mail lands when no SMTP server is configured.
 * Platform-level (read by platform admins only), so it names the tenant instead of keying by it.
 */
export const mailbox = pgTable(
  'mailbox',
  {
    id: id().primaryKey(),
    tenantName: text('tenant_name'),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_created_idx').on(t.createdAt)],
);

/** Sign-in and reset attempts, for throttling across API processes. Keys are hashes. */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('throttle_hits_key_at_idx').on(t.key, t.at)],
);
