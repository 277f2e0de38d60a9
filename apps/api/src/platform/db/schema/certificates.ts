// Certificate types, certificates and their files (features/certificates, documents).
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.js';
import { users } from './tenancy.js';
import { serviceProviders } from './providers.js';

/** A kind of certificate, with its own extra fields (core CertificateFieldDef) and sample files. */
export const certificateTypes = pgTable(
  'certificate_types',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    fields: jsonb('fields')
      .notNull()
      .default(sql`'{}'::jsonb`),
    mandatoryForUsers: boolean('mandatory_for_users').notNull().default(false),
    mandatoryForProviders: boolean('mandatory_for_providers').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('certificate_types_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** A certificate held by a user or by a service provider (exactly one owner). */
export const certificates = pgTable(
  'certificates',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    userId: uuid('user_id'),
    providerId: uuid('provider_id'),
    name: text('name'),
    licenseNumber: text('license_number'),
    comments: text('comments'),
    country: text('country'),
    issueDate: date('issue_date', { mode: 'string' }),
    expiry: date('expiry', { mode: 'string' }),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    reminded30At: timestamp('reminded_30_at', { withTimezone: true }),
    reminded7At: timestamp('reminded_7_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('certificates_tenant_user_idx').on(t.tenantId, t.userId, t.typeId),
    // expiry too: the provider search's 'certified' probe (valid certificate per mandatory type) is index-only.
    index('certificates_tenant_provider_idx').on(t.tenantId, t.providerId, t.typeId, t.expiry),
    index('certificates_tenant_expiry_idx').on(t.tenantId, t.expiry),
    foreignKey({
      columns: [t.tenantId, t.typeId],
      foreignColumns: [certificateTypes.tenantId, certificateTypes.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [serviceProviders.tenantId, serviceProviders.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Files of a certificate or a certificate type's samples: filable is the certificate or type id
 * (the /documents/file/{filableId}/{fileId} address). Stored under generated names.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    tenantId: tenantId(),
    id: id(),
    filableKind: text('filable_kind', { enum: ['certificate', 'certificate_type'] }).notNull(),
    filableId: uuid('filable_id').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('document_files_tenant_filable_idx').on(t.tenantId, t.filableId, t.createdAt),
  ],
);
