import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGE_TEMPLATE_TEXT,
  fillTemplate,
  formatDate,
  fullName,
  type MessageTemplateData,
  type MessageTemplateListQuery,
  type MessageTemplatePreview,
  type MessageTemplatePreviewInput,
  type MessageTemplateView,
  type TemplateValues,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { inOrder } from '../../platform/db/in-order.js';
import { containsAny } from '../../platform/db/like.js';
import { clients, messageTemplates } from '../../platform/db/schema.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { sanitizeSettingHtml } from '../settings/service.js';

type D = Pick<Deps, 'db'>;
type ListQuery = z.output<typeof MessageTemplateListQuery>;
type PreviewInput = z.output<typeof MessageTemplatePreviewInput>;

const templateNotFound = () => notFound('The message template');

const columns = {
  id: messageTemplates.id,
  channel: messageTemplates.channel,
  name: messageTemplates.name,
  subject: messageTemplates.subject,
  body: messageTemplates.body,
  status: messageTemplates.status,
  client_id: messageTemplates.clientId,
  client_name: clients.tradingName,
  original_template_id: messageTemplates.originalTemplateId,
  updated_at: sql<string>`to_char(${messageTemplates.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

const selectTemplates = (tx: Tx) =>
  tx
    .select(columns)
    .from(messageTemplates)
    .leftJoin(clients, and(eq(clients.tenantId, messageTemplates.tenantId), eq(clients.id, messageTemplates.clientId)));

async function templateView(tx: Tx, id: string): Promise<MessageTemplateView> {
  const [row] = await selectTemplates(tx).where(eq(messageTemplates.id, id));
  if (!row) throw templateNotFound();
  return row;
}

/** A page of templates by name: search on name and subject, channel and status filters. */
export function listTemplates(deps: D, tenant: TenantContext, query: ListQuery) {
  const where = and(
    query.channel ? eq(messageTemplates.channel, query.channel) : undefined,
    query.status ? eq(messageTemplates.status, query.status) : undefined,
    containsAny(query.search, [messageTemplates.name, messageTemplates.subject]),
  );
  return inTenant(deps, tenant.id, async (tx) => {
    const [rows, [total]] = await inOrder(
      () =>
        selectTemplates(tx)
          .where(where)
          .orderBy(sql`lower(${messageTemplates.name})`, asc(messageTemplates.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      () => tx.select({ n: count() }).from(messageTemplates).where(where),
    );
    return { items: rows, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  });
}

export const getTemplate = (deps: D, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, (tx) => templateView(tx, id));

async function checkClient(tx: Tx, clientId: string | null) {
  if (!clientId) return;
  const [found] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!found) throw fieldError('client_id', MESSAGE_TEMPLATE_TEXT.clientNotFound);
}

/** An e-mail body keeps exactly what the editor's toolbar produces (the legal settings' rules). */
export const emailHtml = (channel: string, body: string) => (channel === 'email' ? sanitizeSettingHtml(body) : body);

const fields = (input: MessageTemplateData) => ({
  channel: input.channel,
  name: input.name,
  subject: input.subject,
  body: emailHtml(input.channel, input.body),
  status: input.status,
  clientId: input.client_id,
});

export const createTemplate = (deps: D, tenant: TenantContext, input: MessageTemplateData) =>
  inTenant(deps, tenant.id, async (tx) => {
    await checkClient(tx, input.client_id);
    const [row] = await tx
      .insert(messageTemplates)
      .values({ tenantId: tenant.id, ...fields(input) })
      .returning({ id: messageTemplates.id });
    return templateView(tx, row!.id);
  });

export const updateTemplate = (deps: D, tenant: TenantContext, id: string, input: MessageTemplateData) =>
  inTenant(deps, tenant.id, async (tx) => {
    await checkClient(tx, input.client_id);
    const [row] = await tx
      .update(messageTemplates)
      .set({ ...fields(input), updatedAt: sql`now()` })
      .where(eq(messageTemplates.id, id))
      .returning({ id: messageTemplates.id });
    if (!row) throw templateNotFound();
    return templateView(tx, id);
  });

export const deleteTemplate = (deps: D, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .delete(messageTemplates)
      .where(eq(messageTemplates.id, id))
      .returning({ id: messageTemplates.id });
    if (!row) throw templateNotFound();
  });

export type ProjectValues = Omit<Record<keyof TemplateValues, string | null>, 'user_name'>;

/**
 * The people of project `p` that messages name: its manager `pm`, its client's account manager
 * `am`, its provider `sp` and its first site contact `sc` (each null when the project has none).
 */
export const PROJECT_PEOPLE_JOINS = sql`
    left join users pm on pm.tenant_id = p.tenant_id and pm.id = p.project_manager_id
    left join users am on am.tenant_id = p.tenant_id and am.id = p.client_am_id
    left join service_providers sp on sp.tenant_id = p.tenant_id and sp.id = p.service_provider_id
    left join lateral (
      select s.name, s.phone, s.email from site_contacts s
      where s.tenant_id = p.tenant_id and s.project_id = p.id order by s.position, s.id limit 1
    ) sc on true`;

/**
 * A project's values of the template variables: one statement (the project with its client,
 * managers, provider and first site contact joined in). Dates as dd/mm/yyyy.
 */
export async function projectValues(tx: Tx, projectId: number): Promise<ProjectValues> {
  const { rows } = await tx.execute<ProjectValues>(sql`
    select c.trading_name as client_trading_name, sp.name as service_provider_name,
      p.name as project_name, p.code as project_number, p.order_reference,
      to_char(p.start_date, 'YYYY-MM-DD') as project_start_date,
      to_char(p.end_date, 'YYYY-MM-DD') as project_end_date,
      to_char(p.completed_on, 'YYYY-MM-DD') as project_completion_date,
      trim(pm.first_name || ' ' || pm.last_name) as project_manager_name,
      pm.mobile as project_manager_mobile, pm.email as project_manager_email,
      trim(am.first_name || ' ' || am.last_name) as account_manager_name,
      sc.name as site_contact_name, sc.phone as site_contact_mobile, sc.email as site_contact_email
    from projects p
    join clients c on c.tenant_id = p.tenant_id and c.id = p.client_id
    ${PROJECT_PEOPLE_JOINS}
    where p.id = ${projectId}`);
  const [row] = rows;
  if (!row) throw fieldError('project_id', MESSAGE_TEMPLATE_TEXT.projectNotFound);
  return {
    ...row,
    project_start_date: formatDate(row.project_start_date),
    project_end_date: formatDate(row.project_end_date),
    project_completion_date: formatDate(row.project_completion_date),
  };
}

/**
 * The template as being edited, filled: the signed-in user is user_name; with a project, its
 * values fill the rest (without one, the project's placeholders stay as written).
 */
export const previewTemplate = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  input: PreviewInput,
): Promise<MessageTemplatePreview> =>
  inTenant(deps, tenant.id, async (tx) => {
    const profile = actor.profile;
    const values: TemplateValues = {
      user_name: profile ? fullName(profile) : null,
      ...(input.project_id ? await projectValues(tx, input.project_id) : {}),
    };
    return {
      subject: input.channel === 'email' ? fillTemplate(input.subject ?? '', values) : null,
      body: fillTemplate(emailHtml(input.channel, input.body), values, { html: input.channel === 'email' }),
    };
  });
