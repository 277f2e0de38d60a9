// Service provider agreements (features/agreements; issue 14 section 1, spec 3 sections 2.2, 4, 9):
// the sections of an Accepted quote a provider is contracted to do, each at a contract price.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, projectId, tenantFk, tenantId, timestamps } from './columns.js';
import { projects } from './projects.js';
import { serviceProviders } from './providers.js';
import { quoteSections, quotes } from './quotes.js';

export const AGREEMENT_STATUS_VALUES = ['Active', 'VOID'] as const;

/**
 * An agreement with one service provider for sections of an Accepted quote. `number` counts the
 * quote's agreements (1, 2, ...; the name defaults to '{quote code}-SPA{number}'); `version` goes up
 * with every save (the editor's conflict check). One provider holds at most one non-void agreement
 * per quote (the partial unique index). The provider's answer (`response`) is recorded with who and when.
 */
export const serviceProviderAgreements = pgTable(
  'service_provider_agreements',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    quoteId: bigint('quote_id', { mode: 'number' }).notNull(),
    /** The quote's project, denormalised for the provider's scope and the project's finance. */
    projectId: projectId(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: AGREEMENT_STATUS_VALUES }).notNull().default('Active'),
    serviceProviderId: uuid('service_provider_id'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    /** The provider's answer: Accepted or Declined (with a reason); null until answered. */
    response: text('response', { enum: ['Accepted', 'Declined'] }),
    responseReason: text('response_reason'),
    responseAt: instant('response_at'),
    responseBy: uuid('response_by'),
    voidedAt: instant('voided_at'),
    voidedBy: uuid('voided_by'),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('service_provider_agreements_status_check', sql`${t.status} in ('Active', 'VOID')`),
    check(
      'service_provider_agreements_response_check',
      sql`${t.response} is null or ${t.response} in ('Accepted', 'Declined')`,
    ),
    uniqueIndex('service_provider_agreements_tenant_quote_number_key').on(t.tenantId, t.quoteId, t.number),
    uniqueIndex('service_provider_agreements_tenant_quote_provider_key')
      .on(t.tenantId, t.quoteId, t.serviceProviderId)
      .where(sql`${t.status} <> 'VOID' and ${t.serviceProviderId} is not null`),
    index('service_provider_agreements_tenant_project_idx').on(t.tenantId, t.projectId),
    index('service_provider_agreements_tenant_provider_idx')
      .on(t.tenantId, t.serviceProviderId, t.updatedAt)
      .where(sql`${t.serviceProviderId} is not null`),
    tenantFk(t, t.quoteId, quotes).onDelete('cascade'),
    tenantFk(t, t.projectId, projects).onDelete('cascade'),
    tenantFk(t, t.serviceProviderId, serviceProviders).onDelete('set null'),
  ],
);

/**
 * A section an agreement owns, at its contract price. `active` is false once the agreement is void:
 * the partial unique index lets a section belong to at most one non-void agreement, so of two
 * concurrent saves claiming the same section exactly one commits (the other gets 23505).
 */
export const serviceProviderAgreementSections = pgTable(
  'service_provider_agreement_sections',
  {
    tenantId: tenantId(),
    agreementId: bigint('agreement_id', { mode: 'number' }).notNull(),
    sectionId: bigint('section_id', { mode: 'number' }).notNull(),
    contractPrice: numeric('contract_price', { precision: 12, scale: 2 }).notNull().default('0'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.agreementId, t.sectionId] }),
    check('service_provider_agreement_sections_price_check', sql`${t.contractPrice} >= 0`),
    uniqueIndex('service_provider_agreement_sections_owner_key')
      .on(t.tenantId, t.sectionId)
      .where(sql`${t.active}`),
    tenantFk(t, t.agreementId, serviceProviderAgreements).onDelete('cascade'),
    tenantFk(t, t.sectionId, quoteSections).onDelete('cascade'),
  ],
);
