import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  formatProjectCode,
  fullName,
  isClientRole,
  isProviderRole,
  QUOTE_REQUEST_MAX_FILES,
  QUOTE_REQUEST_TEXT,
  renderMessage,
  type QuoteRequestAccountManagers,
  type QuoteRequestCreated,
  type QuoteRequestFileView,
  type QuoteRequestParsed,
  type QuoteRequestSubmitted,
} from '@siteflow/core';
import { tenantUrl } from '../../config.js';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import {
  clients,
  projectProviderStaff,
  projects,
  quoteRequestFiles,
  quoteRequests,
  siteContacts,
  users,
} from '../../platform/db/schema.js';
import { fieldError, forbidden, HttpError, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { defaultClassificationId, locationOf, nextProjectSeq } from '../projects/service.js';
import { applyTaskTemplate } from '../tasks/apply-template.js';
import { actorRef } from '../tasks/history.js';
import { queueDueDates } from '../tasks/due-dates-job.js';

/**
 * Quote requests (issue 13 section 5; spec 3 sections 2.5, 7): a client or provider user opens a
 * draft, uploads its attachments to it one by one, then submits the form, which in one
 * transaction creates the proposed project (status Quote) they can see and e-mails the company.
 * A request is only ever reachable by the user who opened it (404 for anyone else).
 */

/** The requester's own scope: a client user needs their client, a provider user their provider. */
function requester(actor: Actor) {
  if (isClientRole(actor.role) && actor.clientId) return { kind: 'client' as const, clientId: actor.clientId };
  if (isProviderRole(actor.role) && actor.providerId)
    return { kind: 'provider' as const, providerId: actor.providerId };
  throw forbidden();
}

export const createQuoteRequest = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
): Promise<QuoteRequestCreated> =>
  inTenant(deps, tenant.id, async (tx) => {
    requester(actor);
    const [row] = await tx
      .insert(quoteRequests)
      .values({ tenantId: tenant.id, userId: actor.userId })
      .returning({ id: quoteRequests.id, user_id: quoteRequests.userId });
    return { quoteRequest: row! };
  });

/**
 * The account managers a requester may choose: a client user's are their client's active account
 * managers; a provider user's are the active account managers of the clients whose projects the
 * provider has (the chosen one decides the new project's client).
 */
export const accountManagers = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
): Promise<QuoteRequestAccountManagers> =>
  inTenant(deps, tenant.id, async (tx) => {
    const rows = await managerRows(tx, actor);
    return { account_managers: rows.map((u) => ({ id: u.id, full_name: fullName(u) })) };
  });

async function managerRows(tx: Tx, actor: Actor, onlyId?: string) {
  const who = requester(actor);
  const clientIds =
    who.kind === 'client'
      ? [who.clientId]
      : tx
          .selectDistinct({ id: projects.clientId })
          .from(projects)
          .where(and(eq(projects.serviceProviderId, who.providerId), isNotNull(projects.clientId)));
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      clientId: users.clientId,
    })
    .from(users)
    .where(
      and(
        inArray(users.clientId, clientIds),
        eq(users.role, 'client_am'),
        eq(users.active, true),
        onlyId ? eq(users.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
}

/** The actor's own draft, locked (uploads and the submit queue on it); 404 for anyone else's. */
async function lockDraft(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .select()
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.userId, actor.userId)))
    .for('update');
  if (!row) throw notFound('The quote request');
  if (row.status !== 'draft') throw new HttpError(409, QUOTE_REQUEST_TEXT.alreadySent);
  return row;
}

const fileView = (f: typeof quoteRequestFiles.$inferSelect): QuoteRequestFileView => ({
  id: f.id,
  name: f.name,
  mime: f.mime,
  size: f.size,
});

/** Checks the draft before the upload is read (404 / 409 / the 9th file refused without reading it). */
export const checkUploadable = (deps: Pick<Deps, 'db'>, tenant: TenantContext, actor: Actor, id: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    await lockDraft(tx, actor, id);
    await ensureRoom(tx, id);
  });

async function ensureRoom(tx: Tx, id: string) {
  const [n] = await tx.select({ n: count() }).from(quoteRequestFiles).where(eq(quoteRequestFiles.quoteRequestId, id));
  if ((n?.n ?? 0) >= QUOTE_REQUEST_MAX_FILES) throw fieldError('file', QUOTE_REQUEST_TEXT.maxFiles);
}

/** Stores one checked attachment; at most QUOTE_REQUEST_MAX_FILES per request (422 on `file`). */
export async function addFile(
  deps: Pick<Deps, 'db' | 'files'>,
  tenant: TenantContext,
  actor: Actor,
  id: string,
  file: UploadedFile,
): Promise<QuoteRequestFileView> {
  const key = await deps.files.put(file.data, file.extension);
  try {
    return await inTenant(deps, tenant.id, async (tx) => {
      await lockDraft(tx, actor, id);
      await ensureRoom(tx, id);
      const [row] = await tx
        .insert(quoteRequestFiles)
        .values({
          tenantId: tenant.id,
          quoteRequestId: id,
          name: file.name,
          mime: file.mime,
          size: file.data.length,
          fileKey: key,
        })
        .returning();
      return fileView(row!);
    });
  } catch (error) {
    await deps.files.remove(key).catch(() => undefined);
    throw error;
  }
}

export const removeFile = (
  deps: Pick<Deps, 'db' | 'files'>,
  tenant: TenantContext,
  actor: Actor,
  id: string,
  fileId: string,
) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    await lockDraft(tx, actor, id);
    const [gone] = await tx
      .delete(quoteRequestFiles)
      .where(and(eq(quoteRequestFiles.id, fileId), eq(quoteRequestFiles.quoteRequestId, id)))
      .returning({ key: quoteRequestFiles.fileKey });
    if (!gone) throw notFound('The file');
    onCommit(() => deps.files.remove(gone.key).catch(() => undefined));
    return { message: 'File removed.' };
  });

/**
 * Submits the form: in one transaction the proposed project (status Quote; the requester's client,
 * or for a provider user the chosen account manager's client with the provider and the requester
 * assigned, so they see it), its site contact from the contact fields, the request marked sent
 * with its project, and an e-mail to each active company admin and the chosen account manager.
 */
export const submitQuoteRequest = (
  deps: Pick<Deps, 'db' | 'jobs' | 'outbox' | 'config'>,
  tenant: TenantContext,
  actor: Actor,
  id: string,
  input: QuoteRequestParsed,
): Promise<QuoteRequestSubmitted> =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const who = requester(actor);
    const draft = await lockDraft(tx, actor, id);
    let manager: Awaited<ReturnType<typeof managerRows>>[number] | null = null;
    if (input.account_manager) {
      [manager = null] = await managerRows(tx, actor, input.account_manager);
      if (!manager) throw fieldError('account_manager', QUOTE_REQUEST_TEXT.accountManagerInvalid);
    } else if (who.kind === 'provider') {
      throw fieldError('account_manager', QUOTE_REQUEST_TEXT.accountManagerRequired);
    }
    const clientId = who.kind === 'client' ? who.clientId : manager!.clientId!;
    const [client] = await tx.select({ name: clients.tradingName }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw forbidden();
    // The reviewer: the company's first active admin by name, as manager and administrator.
    const admins = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.role, 'company_admin'), eq(users.active, true)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    const reviewer = admins[0];
    if (!reviewer) throw new HttpError(409, 'The company has no active administrator to review the request.');

    const location = await locationOf(tx, { ...input, country: 'Australia' });
    const classificationId = await defaultClassificationId(tx, tenant.id);
    const seq = await nextProjectSeq(tx, tenant.id);
    const [created] = await tx
      .insert(projects)
      .values({
        tenantId: tenant.id,
        seq,
        code: formatProjectCode(seq),
        name: input.project_name,
        summary: input.summary,
        status: 'quote',
        clientId,
        clientName: client.name,
        clientAmId: manager?.id ?? null,
        clientComments: input.notes,
        projectManagerId: reviewer.id,
        projectAdministratorId: reviewer.id,
        classificationId,
        serviceProviderId: who.kind === 'provider' ? who.providerId : null,
        ...location,
        createdBy: actor.userId,
      })
      .returning({ id: projects.id, code: projects.code });
    const projectId = created!.id;
    if (who.kind === 'provider')
      await tx.insert(projectProviderStaff).values({ tenantId: tenant.id, projectId, userId: actor.userId });
    await tx.insert(siteContacts).values({
      tenantId: tenant.id,
      projectId,
      position: 0,
      name: input.contact_name,
      role: input.contact_position,
      email: input.contact_email,
      phone: input.contact_phone,
      note: null,
    });
    await tx
      .update(quoteRequests)
      .set({
        status: 'submitted',
        projectId,
        projectName: input.project_name,
        street: input.street,
        suburb: input.suburb,
        state: input.state,
        postcode: input.postcode,
        contactName: input.contact_name,
        contactPosition: input.contact_position,
        contactEmail: input.contact_email,
        contactPhone: input.contact_phone,
        accountManagerId: manager?.id ?? null,
        summary: input.summary,
        notes: input.notes,
        submittedAt: sql`now()`,
      })
      .where(eq(quoteRequests.id, draft.id));
    if (await applyTaskTemplate(tx, tenant.id, projectId, { classificationId }, actorRef(actor)))
      queueDueDates(deps, onCommit, tenant.id, projectId);

    const [files] = await tx
      .select({ n: count() })
      .from(quoteRequestFiles)
      .where(eq(quoteRequestFiles.quoteRequestId, draft.id));
    const [me] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId));
    const path = `/projects/${projectId}/show`;
    const mail = quoteRequestMail({
      requester: me ? `${fullName(me)} (${me.email})` : 'A user',
      client: client.name,
      code: created!.code,
      input,
      files: files?.n ?? 0,
      link: `${tenantUrl(deps.config, tenant.slug)}${path}`,
    });
    const recipients = [
      ...new Set([...admins.map((a) => a.email), ...(manager ? [manager.email] : [])].map((e) => e.toLowerCase())),
    ];
    for (const to of recipients) await deps.outbox.email(tx, onCommit, tenant.id, { to, ...mail });
    return { message: QUOTE_REQUEST_TEXT.successBody, redirect_url: path };
  });

function quoteRequestMail(m: {
  requester: string;
  client: string;
  code: string;
  input: QuoteRequestParsed;
  files: number;
  link: string;
}) {
  const i = m.input;
  const address = [i.street, i.suburb, i.state, i.postcode].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    ['Project', `${m.code} ${i.project_name}`],
    ['Client', m.client],
    ['Address', address],
    ['Contact', [i.contact_name, i.contact_position].filter(Boolean).join(', ')],
  ];
  if (i.contact_email) rows.push(['Contact e-mail', i.contact_email]);
  if (i.contact_phone) rows.push(['Contact phone', i.contact_phone]);
  rows.push(['Describe Works Required', i.summary]);
  if (i.notes) rows.push(['Attachment Notes', i.notes]);
  rows.push(['Attachments', String(m.files)]);
  return {
    subject: `${QUOTE_REQUEST_TEXT.mailSubject}: ${m.code} ${i.project_name}`,
    ...renderMessage([
      'Hello,',
      `${m.requester} has sent a quote request. The proposed project has been set up with status Quote for your review.`,
      { rows },
      { label: 'View the project', url: m.link },
    ]),
  };
}
