import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ATTACHMENT_OPTIONS,
  escapeHtml,
  type TaskAttachmentLink,
  CUSTOM_EMAIL_MARKER,
  fillTemplate,
  fullName,
  recipientFixesContact,
  TASK_MESSAGE_TEXT,
  TASK_TEXT,
  withoutCustomMarker,
  type TaskEmailSend,
  type TaskEmailTemplate,
  type TaskEmailTemplateInput,
  type TaskMessageChoice,
  type TaskMessagePreview,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { messageTemplates, projectLinks, tasks } from '../../platform/db/schema.js';
import { fieldError, HttpError, notFound } from '../../platform/errors.js';
import { mobileE164 } from '../../platform/phone.js';
import { emailHtml, PROJECT_PEOPLE_JOINS, projectValues } from '../messages/service.js';
import { recordTaskEvent } from './history.js';

type Channel = 'email' | 'sms';
type Choice = z.output<typeof TaskMessageChoice>;
type EmailSend = z.output<typeof TaskEmailSend>;
/** The first arguments of a task's message services: who asks, and which task's e-mail or SMS. */
type DbDeps = Pick<Deps, 'db'>;
type SendDeps = Pick<Deps, 'db' | 'outbox' | 'config'>;
type On<D = DbDeps> = [deps: D, tenant: TenantContext, actor: Actor, id: number, channel: Channel];
/** The plain-text part of an HTML e-mail: its text without tags, one paragraph per block. */
export const htmlText = (html: string) =>
  html
    .replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

type Person = { name: string | null; email: string | null; mobile: string | null };

/** The people a task's message may go to (spec 2 section 6, Recipients), keyed 'Recipient:Contact'. */
async function projectContacts(tx: Tx, projectId: number): Promise<Record<string, Person | null>> {
  const person = (alias: string) =>
    sql.raw(
      `case when ${alias}.id is null then null else json_build_object('name', trim(${alias}.first_name || ' ' || ${alias}.last_name), 'email', ${alias}.email, 'mobile', coalesce(${alias}.mobile, ${alias}.phone)) end`,
    );
  const clientUser = (role: string) =>
    sql.raw(`(select json_build_object('name', trim(u.first_name || ' ' || u.last_name), 'email', u.email, 'mobile', coalesce(u.mobile, u.phone))
       from users u where u.tenant_id = p.tenant_id and u.client_id = p.client_id and u.role = '${role}' and u.active
       order by u.created_at, u.id limit 1)`);
  const { rows } = await tx.execute<Record<string, Person | null>>(sql`
    select ${person('pm')} as "Company:Project Manager", ${person('pa')} as "Company:Project Administrator",
      ${person('am')} as "Client:Account Manager", ${clientUser('client_admin')} as "Client:Admin",
      ${clientUser('client_account')} as "Client:Finance",
      case when sp.id is null then null else json_build_object('name', sp.name, 'email', sp.email, 'mobile', sp.phone) end
        as "Service Provider:Service Provider",
      case when sc.name is null then null else json_build_object('name', sc.name, 'email', sc.email, 'mobile', sc.phone) end
        as "Site Contact:Site Contact"
    from projects p
    ${PROJECT_PEOPLE_JOINS}
    left join users pa on pa.tenant_id = p.tenant_id and pa.id = p.project_administrator_id
    where p.id = ${projectId}`);
  return rows[0] ?? {};
}

export async function lockTask(tx: Tx, id: number) {
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
  if (!task) throw notFound('The task');
  if (task.status === 'Voided') throw new HttpError(409, TASK_TEXT.voidedLocked);
  return task;
}

export type TaskRow = Awaited<ReturnType<typeof lockTask>>;

/** Writes the task's columns and answers the saved row. */
async function saveTask(tx: Tx, id: number, set: PgUpdateSetSource<typeof tasks>) {
  const [saved] = await tx.update(tasks).set(set).where(eq(tasks.id, id)).returning();
  return saved!;
}

const userNameOf = (actor: Actor) => (actor.profile ? fullName(actor.profile) : null);
const wallClock = (v: string | null) => (v ? v.replace('T', ' ').slice(0, 16) : null);

/** When the task's notice and reminder go out (its due date), while they wait (spec beyond: shown on the task). */
function scheduled(task: TaskRow, channel: Channel) {
  const waiting = channel === 'email' && task.status === 'Pending' && !task.isGenerating;
  return {
    notice_at:
      waiting && task.emailNotice && task.emailTemplate && !task.noticeSentAt ? wallClock(task.dueDateAt) : null,
    reminder_at: waiting && task.emailReminder && !task.reminderSentAt ? wallClock(task.dueDateAt) : null,
  };
}

/** The task's message filled from its project: who it goes to, what it says, or why it cannot go. */
export async function composeMessage(
  tx: Tx,
  userName: string | null,
  task: TaskRow,
  channel: Channel,
): Promise<TaskMessagePreview> {
  const templateId = channel === 'email' ? task.emailTemplate : task.smsTemplate;
  const preview: TaskMessagePreview = {
    channel,
    template_id: templateId,
    recipient: (task.defaultEntity as TaskMessagePreview['recipient']) ?? null,
    contact: task.defaultContact,
    to_name: null,
    to: null,
    subject: null,
    body: null,
    problem: null,
    ...scheduled(task, channel),
  };
  if (!task.defaultEntity || !task.defaultContact) return { ...preview, problem: TASK_MESSAGE_TEXT.noContact };
  const [contacts, [template]] = await Promise.all([
    projectContacts(tx, task.projectId),
    templateId
      ? tx
          .select()
          .from(messageTemplates)
          .where(and(eq(messageTemplates.id, templateId), eq(messageTemplates.channel, channel)))
      : Promise.resolve([]),
  ]);
  const person = contacts[`${task.defaultEntity}:${task.defaultContact}`] ?? null;
  const to = channel === 'email' ? (person?.email ?? null) : (person?.mobile ?? null);
  const problem = !to ? (channel === 'email' ? TASK_MESSAGE_TEXT.noEmail : TASK_MESSAGE_TEXT.noMobile) : null;
  if (!template)
    return { ...preview, to_name: person?.name ?? null, to, problem: problem ?? TASK_MESSAGE_TEXT.noTemplate };
  const values = { user_name: userName, ...(await projectValues(tx, task.projectId)) };
  return {
    ...preview,
    to_name: person?.name ?? null,
    to,
    subject: channel === 'email' ? fillTemplate(withoutCustomMarker(template.subject ?? ''), values) : null,
    body: fillTemplate(emailHtml(channel, template.body), values, { html: channel === 'email' }),
    problem,
  };
}

/** 'Email Saved' / 'SMS Saved' with the saved task's message as it would go now. */
const savedAnswer = async (tx: Tx, actor: Actor, saved: TaskRow, channel: Channel) => ({
  message: channel === 'email' ? TASK_MESSAGE_TEXT.emailSaved : TASK_MESSAGE_TEXT.smsSaved,
  preview: await composeMessage(tx, userNameOf(actor), saved, channel),
});

/** The task's e-mail or SMS as it would go now. */
export const previewTaskMessage = (...[deps, tenant, actor, id, channel]: On) =>
  inTenant(deps, tenant.id, async (tx) => composeMessage(tx, userNameOf(actor), await lockTask(tx, id), channel));

/**
 * Saves who the task's e-mail or SMS goes to and its template ('Email Saved' / 'SMS Saved'); the
 * template must be an Active one of the channel, or the task's current one (spec 2 section 5).
 */
export const saveTaskMessage = (...[deps, tenant, actor, id, channel, input]: [...On, input: Choice]) =>
  inTenant(deps, tenant.id, async (tx) => {
    const task = await lockTask(tx, id);
    const current = channel === 'email' ? task.emailTemplate : task.smsTemplate;
    const [template] = await tx
      .select({ id: messageTemplates.id, status: messageTemplates.status })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, input.template_id), eq(messageTemplates.channel, channel)));
    if (!template || (template.status !== 'Active' && template.id !== current))
      throw fieldError('template_id', TASK_MESSAGE_TEXT.templateChannel);
    const contact = recipientFixesContact(input.recipient) ? input.recipient : input.contact;
    const saved = await saveTask(tx, id, {
      defaultEntity: input.recipient,
      defaultContact: contact,
      ...(channel === 'email' ? { emailTemplate: template.id, emailNotice: true } : { smsTemplate: template.id }),
      updatedAt: sql`now()`,
    });
    return savedAnswer(tx, actor, saved, channel);
  });

/** Clears the task's e-mail or SMS template. */
export const clearTaskMessage = (...[deps, tenant, actor, id, channel]: On) =>
  inTenant(deps, tenant.id, async (tx) => {
    await lockTask(tx, id);
    const cleared = channel === 'email' ? { emailTemplate: null, emailNotice: false } : { smsTemplate: null };
    const saved = await saveTask(tx, id, cleared);
    return savedAnswer(tx, actor, saved, channel);
  });

/**
 * Sends the task's e-mail (with CC, and the subject and body as edited) or SMS through the outbox,
 * in the transaction that records it in the task's history: saved and sent agree.
 */
export const sendTaskMessage = (...[deps, tenant, actor, id, channel, input]: [...On<SendDeps>, input: EmailSend]) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const task = await lockTask(tx, id);
    const m = await composeMessage(tx, userNameOf(actor), task, channel);
    if (m.problem || !m.to || m.body === null)
      throw fieldError(m.to ? 'template_id' : 'contact', m.problem ?? TASK_MESSAGE_TEXT.noTemplate);
    const who = m.to_name ? `${m.to_name} <${m.to}>` : m.to;
    if (channel === 'email') {
      const subject = input.subject ?? m.subject ?? '';
      const body = input.body !== undefined ? emailHtml('email', input.body) : m.body;
      const links = await attachmentLinks(tx, task.projectId, input.attachments);
      const html = body + attachmentsHtml(links);
      await deps.outbox.email(tx, onCommit, tenant.id, { to: m.to, cc: input.cc, subject, html, text: htmlText(html) });
      const cc = input.cc.length ? `, CC ${input.cc.join(', ')}` : '';
      const docs = links.length ? ` with ${links.map((l) => l.title).join(', ')}` : '';
      await recordTaskEvent(tx, tenant.id, actor, task, 'Email', `E-mail '${subject}' sent to ${who}${cc}${docs}.`);
    } else {
      const to = mobileE164(m.to, deps.config.sms.country);
      if (!to) throw fieldError('contact', TASK_MESSAGE_TEXT.noMobile);
      await deps.outbox.sms(tx, onCommit, tenant.id, { to, text: m.body });
      const whom = m.to_name ? `${m.to_name} (${to})` : to;
      await recordTaskEvent(tx, tenant.id, actor, task, 'SMS', `SMS sent to ${whom}.`);
    }
    return { message: channel === 'email' ? TASK_MESSAGE_TEXT.emailSent : TASK_MESSAGE_TEXT.smsSent };
  });

/** The project's documents (its links) an e-mail may list, up to ATTACHMENT_OPTIONS; `ids` narrows them (422 for another project's). */
async function attachmentLinks(tx: Tx, projectId: number, ids?: readonly string[]): Promise<TaskAttachmentLink[]> {
  if (ids && ids.length === 0) return [];
  const rows = await tx
    .select({ id: projectLinks.id, title: projectLinks.title, url: projectLinks.url })
    .from(projectLinks)
    .where(and(eq(projectLinks.projectId, projectId), ids ? inArray(projectLinks.id, [...ids]) : undefined))
    .orderBy(asc(projectLinks.title), asc(projectLinks.id))
    .limit(ATTACHMENT_OPTIONS);
  if (ids && rows.length !== new Set(ids).size) throw fieldError('attachments', TASK_MESSAGE_TEXT.attachment);
  return rows.map((r) => ({ ...r, title: r.title || r.url }));
}

/** The chosen documents as a list of links after the message ('Documents'), escaped. */
const attachmentsHtml = (links: readonly TaskAttachmentLink[]) =>
  links.length
    ? `<p><strong>${TASK_MESSAGE_TEXT.attachmentsHeading}</strong></p><ul>${links
        .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`)
        .join('')}</ul>`
    : '';

/** GET /api/tasks/:id/email/attachments: the documents the task's e-mail can link to. */
export const listTaskAttachments = (deps: Pick<Deps, 'db'>, tenant: TenantContext, id: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [task] = await tx.select({ projectId: tasks.projectId }).from(tasks).where(eq(tasks.id, id));
    if (!task) throw notFound('The task');
    return { items: await attachmentLinks(tx, task.projectId) };
  });

/** The task's current e-mail template, unfilled (the Edit Template modal). */
async function currentEmailTemplate(tx: Tx, task: TaskRow) {
  if (!task.emailTemplate) throw fieldError('template_id', TASK_MESSAGE_TEXT.noTemplate);
  const [template] = await tx.select().from(messageTemplates).where(eq(messageTemplates.id, task.emailTemplate));
  if (!template) throw fieldError('template_id', TASK_MESSAGE_TEXT.noTemplate);
  return template;
}

const templateOf = (t: typeof messageTemplates.$inferSelect): TaskEmailTemplate => ({
  id: t.id,
  name: withoutCustomMarker(t.name),
  subject: withoutCustomMarker(t.subject ?? ''),
  body: t.body,
  custom: t.originalTemplateId !== null,
});

export const getTaskEmailTemplate = (deps: DbDeps, tenant: TenantContext, id: number) =>
  inTenant(deps, tenant.id, async (tx) => templateOf(await currentEmailTemplate(tx, await lockTask(tx, id))));

/**
 * Edit Template's Save: the task gets its own copy of its e-mail template, named with
 * '(Custom Email)' and pointing at the original (spec 2 sections 4 and 5); a copy already made
 * for it is updated. Other tasks keep the original.
 */
export const customiseTaskEmail = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  input: z.output<typeof TaskEmailTemplateInput>,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    const task = await lockTask(tx, id);
    const current = await currentEmailTemplate(tx, task);
    const body = emailHtml('email', input.body);
    let copyId = current.id;
    if (current.originalTemplateId) {
      await tx
        .update(messageTemplates)
        .set({ subject: input.subject, body, updatedAt: sql`now()` })
        .where(eq(messageTemplates.id, current.id));
    } else {
      const [copy] = await tx
        .insert(messageTemplates)
        .values({
          tenantId: tenant.id,
          channel: 'email',
          name: `${withoutCustomMarker(current.name)} ${CUSTOM_EMAIL_MARKER}`,
          subject: input.subject,
          body,
          status: 'Active',
          clientId: current.clientId,
          originalTemplateId: current.id,
        })
        .returning({ id: messageTemplates.id });
      copyId = copy!.id;
    }
    const saved = await saveTask(tx, id, { emailTemplate: copyId, updatedAt: sql`now()` });
    const name = withoutCustomMarker(current.name);
    await recordTaskEvent(tx, tenant.id, actor, task, 'Updated', `E-mail template '${name}' customised for this task.`);
    const [copy] = await tx.select().from(messageTemplates).where(eq(messageTemplates.id, copyId));
    return { template: templateOf(copy!), preview: await composeMessage(tx, userNameOf(actor), saved, 'email') };
  });

/** Revert: deletes the task's custom copy for good and goes back to the original template. */
export const revertTaskEmail = (deps: DbDeps, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    const task = await lockTask(tx, id);
    const current = await currentEmailTemplate(tx, task);
    if (!current.originalTemplateId) throw fieldError('template_id', TASK_MESSAGE_TEXT.notCustom);
    const saved = await saveTask(tx, id, { emailTemplate: current.originalTemplateId, updatedAt: sql`now()` });
    // Another task may use the same copy (none does today: each Save makes the task's own); keep it then.
    await tx.execute(
      sql`delete from message_templates m where m.id = ${current.id} and not exists (select 1 from tasks t where t.tenant_id = m.tenant_id and t.email_template = m.id)`,
    );
    const name = withoutCustomMarker(current.name);
    await recordTaskEvent(tx, tenant.id, actor, task, 'Updated', `Custom e-mail template reverted to '${name}'.`);
    const [original] = await tx
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.id, current.originalTemplateId));
    return { template: templateOf(original!), preview: await composeMessage(tx, userNameOf(actor), saved, 'email') };
  });
