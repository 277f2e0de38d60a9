// Certificate types, certificates and their files (features/certificates, documents).
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantFk, tenantTable, timestamps } from './columns.js';
import { users } from './tenancy.js';
import { serviceProviders } from './providers.js';

const jsonObject = (name: string) =>
  jsonb(name)
    .notNull()
    .default(sql`'{}'::jsonb`);

/** A kind of certificate, with its own extra fields (core CertificateFieldDef) and sample files. */
export const certificateTypes = tenantTable(
  'certificate_types',
  {
    name: text('name').notNull(),
    description: text('description'),
    fields: jsonObject('fields'),
    mandatoryForUsers: boolean('mandatory_for_users').notNull().default(false),
    mandatoryForProviders: boolean('mandatory_for_providers').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('certificate_types_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A certificate held by a user or by a service provider (exactly one owner). */
export const certificates = tenantTable(
  'certificates',
  {
    typeId: uuid('type_id').notNull(),
    userId: uuid('user_id'),
    providerId: uuid('provider_id'),
    name: text('name'),
    licenseNumber: text('license_number'),
    comments: text('comments'),
    country: text('country'),
    issueDate: date('issue_date', { mode: 'string' }),
    expiry: date('expiry', { mode: 'string' }),
    details: jsonObject('details'),
    reminded30At: instant('reminded_30_at'),
    reminded7At: instant('reminded_7_at'),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('certificates_tenant_user_idx').on(t.tenantId, t.userId, t.typeId),
    // expiry too: the provider search's 'certified' probe (valid certificate per mandatory type) is index-only.
    index('certificates_tenant_provider_idx').on(t.tenantId, t.providerId, t.typeId, t.expiry),
    index('certificates_tenant_expiry_idx').on(t.tenantId, t.expiry),
    tenantFk(t, t.typeId, certificateTypes).onDelete('cascade'),
    tenantFk(t, t.userId, users).onDelete('cascade'),
    tenantFk(t, t.providerId, serviceProviders).onDelete('cascade'),
  ],
);

/**
 * Files of a certificate or a certificate type's samples: filable is the certificate or type id
 * (the /documents/file/{filableId}/{fileId} address). Stored under generated names.
 */
export const documentFiles = tenantTable(
  'document_files',
  {
    filableKind: text('filable_kind', { enum: ['certificate', 'certificate_type'] }).notNull(),
    filableId: uuid('filable_id').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_files_tenant_filable_idx').on(t.tenantId, t.filableId, t.createdAt)],
);
