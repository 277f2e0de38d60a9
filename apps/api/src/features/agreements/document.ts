import { sql } from 'drizzle-orm';
import type { AgreementStatus } from '@siteflow/core';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';

/**
 * What the agreement PDFs (pdf.ts: SWMS, SOW, JA) show, read in ONE statement with its parts as
 * JSON built in SQL: the agreement, its quote's code, the project and site, the client's trading
 * name, the provider, the project manager, the site contacts, the company's contact details and
 * the owned sections with their items. The provider receives these documents, so the company's
 * prices and notes are never read: no unit sell price, unit cost, general notes or section notes;
 * only the contract prices agreed with the provider.
 */

export type AgreementDocumentItem = {
  category: string;
  description: string;
  long_description: string | null;
  /** Decimal string as stored ('2.500'). */
  quantity: string;
  supplied_by: string;
};

export type AgreementDocumentSection = {
  id: number;
  name: string;
  /** Decimal string ('1234.50'). */
  contract_price: string;
  items: AgreementDocumentItem[];
};

export type AgreementDocumentPerson = { name: string; email: string | null; phone: string | null };

export type AgreementDocument = {
  agreement: {
    id: number;
    name: string;
    number: number;
    status: AgreementStatus;
    /** The notes shared with the provider. */
    notes: string | null;
    /** An instant (ISO 8601). */
    updated_at: string;
    response: { response: 'Accepted' | 'Declined'; reason: string | null; at: string; by_name: string | null } | null;
  };
  quote: { id: number; code: string };
  project: {
    id: number;
    code: string;
    name: string;
    /** Street, suburb, state and postcode on one line ('' when none). */
    site: string;
    /** Wall-clock at the site ('2026-11-21 08:00'), or null. */
    start_date: string | null;
    end_date: string | null;
    order_reference: string | null;
  };
  /** The client's trading name. */
  client: string;
  /** The company (principal contractor): its contact details; its name and logo come with the branding. */
  company: { address: string; email: string | null; phone: string | null };
  provider: (AgreementDocumentPerson & { id: string; director: string | null; address: string }) | null;
  project_manager: AgreementDocumentPerson | null;
  site_contacts: (AgreementDocumentPerson & { role: string | null })[];
  /** The owned sections in quote order (for a VOID agreement: the ones it held when voided). */
  sections: AgreementDocumentSection[];
  /** The sum of the sections' contract prices (ex. GST), a decimal string. */
  total: string;
};

/** One line of an address: street, then 'suburb state postcode'. */
const addressSql = (alias: string, street = 'street') =>
  sql.raw(`concat_ws(', ', nullif(${alias}.${street}, ''), nullif(concat_ws(' ', nullif(${alias}.suburb, ''),
    nullif(${alias}.state, ''), nullif(${alias}.postcode, '')), ''))`);

/**
 * The agreement's document (404 when there is none in this tenant). The caller checks first that
 * the actor may see the agreement (staff with agreements.manage, or the provider's own users).
 */
export async function loadAgreementDocument(tx: Tx, agreementId: number): Promise<AgreementDocument> {
  // Sections: the active rows, or every row of a VOID agreement (void sets them inactive).
  const { rows } = await tx.execute<{ doc: AgreementDocument }>(sql`
    select json_build_object(
      'agreement', json_build_object('id', a.id, 'name', a.name, 'number', a.number, 'status', a.status,
        'notes', a.notes, 'updated_at', a.updated_at,
        'response', case when a.response is null then null else json_build_object('response', a.response,
          'reason', a.response_reason, 'at', a.response_at,
          'by_name', nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), '')) end),
      'quote', json_build_object('id', q.id, 'code', q.code),
      'project', json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'site', ${addressSql('p')},
        'start_date', to_char(p.start_date, 'YYYY-MM-DD HH24:MI'), 'end_date', to_char(p.end_date, 'YYYY-MM-DD HH24:MI'),
        'order_reference', p.order_reference),
      'client', coalesce(c.trading_name, p.client_name),
      'company', json_build_object('address', ${addressSql('t', 'address')}, 'email', t.email, 'phone', t.phone),
      'provider', case when sp.id is null then null else json_build_object('id', sp.id, 'name', sp.name,
        'director', sp.director_name, 'email', sp.email, 'phone', sp.phone, 'address', ${addressSql('sp')}) end,
      'project_manager', case when pm.id is null then null else json_build_object(
        'name', trim(concat_ws(' ', pm.first_name, pm.last_name)), 'email', pm.email,
        'phone', coalesce(nullif(pm.phone, ''), pm.mobile)) end,
      'site_contacts', (select coalesce(json_agg(json_build_object('name', sc.name, 'role', sc.role,
          'email', sc.email, 'phone', sc.phone) order by sc.position, sc.id), '[]'::json)
        from site_contacts sc where sc.tenant_id = p.tenant_id and sc.project_id = p.id),
      'sections', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name,
          'contract_price', o.contract_price::text,
          'items', (select coalesce(json_agg(json_build_object('category', li.category, 'description', li.description,
              'long_description', li.long_description, 'quantity', li.quantity::text, 'supplied_by', li.supplied_by)
              order by li.position, li.id), '[]'::json)
            from quote_line_items li where li.tenant_id = s.tenant_id and li.section_id = s.id)
        ) order by s.position, s.id), '[]'::json)
        from service_provider_agreement_sections o
        join quote_sections s on s.tenant_id = o.tenant_id and s.id = o.section_id
        where o.tenant_id = a.tenant_id and o.agreement_id = a.id and (o.active or a.status = 'VOID')),
      'total', (select round(coalesce(sum(o.contract_price), 0), 2)::text
        from service_provider_agreement_sections o
        where o.tenant_id = a.tenant_id and o.agreement_id = a.id and (o.active or a.status = 'VOID'))
    ) as doc
    from service_provider_agreements a
    join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
    join projects p on p.tenant_id = a.tenant_id and p.id = a.project_id
    join tenants t on t.id = a.tenant_id
    left join clients c on c.tenant_id = p.tenant_id and c.id = p.client_id
    left join service_providers sp on sp.tenant_id = a.tenant_id and sp.id = a.service_provider_id
    left join users pm on pm.tenant_id = p.tenant_id and pm.id = p.project_manager_id
    left join users ru on ru.tenant_id = a.tenant_id and ru.id = a.response_by
    where a.tenant_id = app_current_tenant() and a.id = ${agreementId}`);
  const doc = rows[0]?.doc;
  if (!doc) throw notFound('The agreement');
  return doc;
}

/** The PDF's file name: '{agreement name}_{TYPE}.pdf' ('Q-0001-SPA1_SWMS.pdf'). */
export const agreementPdfName = (doc: AgreementDocument, type: string) =>
  `${doc.agreement.name}_${type.toUpperCase()}.pdf`;
