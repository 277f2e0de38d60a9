import { and, eq, sql } from 'drizzle-orm';
import {
  CLIENT_QUOTE_TEXT,
  QUOTE_TEXT,
  quoteCode,
  renderMessage,
  statusChangeProblem,
  type ClientQuoteResponseData,
  type ClientQuoteView,
  type QuoteProject,
  type QuoteView,
} from '@siteflow/core';
import { tenantUrl } from '../../config.js';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projects, quotes } from '../../platform/db/schema.js';
import { HttpError, isUniqueViolation, notFound } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';
import { andVisible, JOIN_PROJECT, PROJECT_REF, quoteNotFound, quoteView } from './view.js';

/**
 * The client answers a quote online (issue 13 section 6): staff send a Draft to the project's
 * client users (e-mails through the outbox with a link to /projects/{id}/quote); a client user
 * reads the most recently sent quote as the client sees it (presentQuote: no costs, profit,
 * margins or general notes) and accepts it (their typed name the signature) or rejects it with a
 * reason; the status follows core's statusChangeProblem and the one-Accepted index, and the
 * project manager and the company admins are e-mailed. Decisions: docs/decisions.md, "Quotes: the
 * client accepts online".
 */

type D = Pick<Deps, 'db' | 'outbox' | 'config'>;
type QuoteRow = typeof quotes.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

const conflict = (message: string) => new HttpError(409, message);

/** The quote and its project, when the actor sees the project (404 otherwise), the quote locked. */
async function lockQuoteOnProject(
  tx: Tx,
  actor: Actor,
  projectId: number,
  quoteId: number,
): Promise<{ quote: QuoteRow; project: ProjectRow }> {
  const [row] = await tx
    .select({ quote: quotes, project: projects })
    .from(quotes)
    .innerJoin(projects, and(eq(projects.tenantId, quotes.tenantId), eq(projects.id, quotes.projectId)))
    .where(and(eq(quotes.id, quoteId), eq(quotes.projectId, projectId), visibleProjects(actor)))
    .for('update', { of: quotes });
  if (!row) throw quoteNotFound();
  return row;
}

type Person = { email: string; first_name: string; last_name: string };
const nameOf = (p: Pick<Person, 'first_name' | 'last_name'>) => `${p.first_name} ${p.last_name}`.trim();

/** The project's client users a quote goes to: its client's active admins and its client account manager. */
async function clientRecipients(tx: Tx, project: ProjectRow): Promise<Person[]> {
  const { rows } = await tx.execute<Person>(sql`
    select email, first_name, last_name from users
    where active and client_id = ${project.clientId}
      and (role = 'client_admin' or (role = 'client_am' and id = ${project.clientAmId}))
    order by first_name, last_name, id`);
  return dedupe(rows);
}

/** Who hears of the client's answer: the project manager and the company admins (active ones). */
async function staffRecipients(tx: Tx, project: ProjectRow): Promise<Person[]> {
  const { rows } = await tx.execute<Person>(sql`
    select email, first_name, last_name from users
    where active and (role = 'company_admin' or id = ${project.projectManagerId})
      and role in ('company_admin', 'company_employee')
    order by first_name, last_name, id`);
  return dedupe(rows);
}

function dedupe(people: Person[]): Person[] {
  const seen = new Set<string>();
  return people.filter((p) => {
    const key = p.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * POST /api/projects/:id/quotes/:quoteId/send (staff): a Draft only (409), and only when the
 * project has client users to send it to (409). Records when and by whom; a quote sent again
 * (e.g. set back to Draft after a rejection) can be answered again.
 */
export const sendQuote = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, quoteId: number) =>
  inTenant(deps, tenant.id, async (tx, onCommit): Promise<QuoteView> => {
    const { quote, project } = await lockQuoteOnProject(tx, actor, projectId, quoteId);
    if (quote.status !== 'Draft') throw conflict(CLIENT_QUOTE_TEXT.notSendable);
    const recipients = await clientRecipients(tx, project);
    if (!recipients.length) throw conflict(CLIENT_QUOTE_TEXT.noRecipients);
    await tx
      .update(quotes)
      .set({
        sentAt: sql`now()`,
        sentBy: actor.userId,
        clientDecision: null,
        clientDecisionName: null,
        clientDecisionAt: null,
        clientDecisionBy: null,
      })
      .where(eq(quotes.id, quoteId));
    const code = quoteCode(quote.code, quote.revision);
    const link = `${tenantUrl(deps.config, tenant.slug)}/projects/${projectId}/quote`;
    for (const p of recipients)
      await deps.outbox.email(tx, onCommit, tenant.id, {
        to: p.email,
        subject: `${CLIENT_QUOTE_TEXT.mailSubject}: ${code} ${project.name}`,
        ...renderMessage([
          `Hello ${p.first_name},`,
          `${tenant.name} has sent you quote ${code} for the project ${project.code} ${project.name}.`,
          'Open it to read the quote, then accept it by signing with your name or reject it with a reason.',
          { label: 'View the quote', url: link },
        ]),
      });
    return quoteView(tx, actor, projectId, quoteId);
  });

/**
 * GET /api/projects/:id/client-quote (client users): the project (code and title) and its most
 * recently sent quote as the client sees it, the quote null while nothing was sent (a normal
 * state, answered 200); 404 when the project is not theirs.
 */
export const getClientQuote = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx): Promise<ClientQuoteView> => {
    const { rows } = await tx.execute<{ project: QuoteProject | null; quote_id: string | number | null }>(sql`
      select (select ${PROJECT_REF} from projects where projects.id = ${projectId}${andVisible(actor)}) as project,
        (select q.id from quotes q ${JOIN_PROJECT}
          where q.project_id = ${projectId} and q.sent_at is not null${andVisible(actor)}
          order by q.sent_at desc, q.id desc limit 1) as quote_id`);
    const [row] = rows;
    if (!row?.project) throw notFound('The project');
    const quote = row.quote_id === null ? null : await quoteView(tx, actor, projectId, Number(row.quote_id));
    return { project: row.project, quote };
  });

/**
 * POST /api/projects/:id/client-quote/respond (client users): accept (signed with the typed
 * name) or reject (with the reason) a sent quote that is still a Draft and not yet answered
 * (409 otherwise). The status follows the dropdown's rules (another Accepted quote: 409); who,
 * when and the name are recorded; the staff e-mails are written in the same transaction.
 */
export const respondToQuote = async (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  input: ClientQuoteResponseData,
) => {
  try {
    return await inTenant(deps, tenant.id, async (tx, onCommit): Promise<QuoteView> => {
      const { quote, project } = await lockQuoteOnProject(tx, actor, projectId, input.quote_id);
      if (!quote.sentAt) throw quoteNotFound();
      if (quote.status !== 'Draft' || quote.clientDecision) throw conflict(CLIENT_QUOTE_TEXT.notAnswerable);
      const [other] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.projectId, projectId), eq(quotes.status, 'Accepted'), sql`${quotes.id} <> ${quote.id}`))
        .limit(1);
      const problem = statusChangeProblem(quote.status, input.decision, !!other);
      if (problem) throw conflict(problem.message);
      const accepted = input.decision === 'Accepted';
      await tx
        .update(quotes)
        .set({
          status: input.decision,
          reason: accepted ? null : input.reason,
          clientDecision: input.decision,
          clientDecisionName: accepted ? input.name : null,
          clientDecisionAt: sql`now()`,
          clientDecisionBy: actor.userId,
          version: sql`${quotes.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: actor.userId,
        })
        .where(eq(quotes.id, quote.id));

      const { rows: me } = await tx.execute<Person>(
        sql`select email, first_name, last_name from users where id = ${actor.userId}`,
      );
      const who = me[0] ? `${nameOf(me[0])} (${me[0].email})` : 'A client user';
      const code = quoteCode(quote.code, quote.revision);
      const link = `${tenantUrl(deps.config, tenant.slug)}/projects/${projectId}/quotes`;
      const rows: [string, string][] = [
        ['Project', `${project.code} ${project.name}`],
        ['Client', project.clientName],
        ['Quote', code],
        ['Decision', input.decision],
        accepted ? ['Signed', input.name ?? ''] : ['Reason for Rejection', input.reason ?? ''],
      ];
      for (const p of await staffRecipients(tx, project))
        await deps.outbox.email(tx, onCommit, tenant.id, {
          to: p.email,
          subject: `${CLIENT_QUOTE_TEXT.decisionMailSubject}: ${code} ${input.decision}`,
          ...renderMessage([
            `Hello ${p.first_name},`,
            `${who} has ${accepted ? 'accepted' : 'rejected'} quote ${code} online.`,
            { rows },
            { label: 'View the quotes', url: link },
          ]),
        });
      return quoteView(tx, actor, projectId, quote.id);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(QUOTE_TEXT.otherAccepted);
    throw e;
  }
};
