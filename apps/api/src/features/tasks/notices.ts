import { renderMessage, TASK_MESSAGE_TEXT, wallClockAt } from '@siteflow/core';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { tenantUrl } from '../../config.js';
import { inTenant } from '../../platform/context.js';
import type { JobDeps } from '../../platform/jobs.js';
import { projects, tasks, tenants, users } from '../../platform/db/schema.js';
import { composeMessage, htmlText } from './messages.js';
import { recordHistory } from './history.js';

/**
 * The scheduled e-mails of tasks (issue 12 section 5, "Email reminders and notices follow the
 * template task options"): at a pending task's due date, its Email Notice goes to its contact with
 * its e-mail template, and its Email Reminder to the user it is assigned to. Run every 5 minutes;
 * completing, voiding or deleting a task before then cancels them (only pending tasks are sent),
 * and a task that has already sent one does not send it again. Each send, or why it could not go,
 * is a history row written with the outbox row and the sent mark, in one transaction per task.
 */
export const NOTICES_QUEUE = 'tasks-notices';
export const NOTICES_CRON = '*/5 * * * *';
const BATCH = 200;

export async function sendTaskNotices(deps: JobDeps): Promise<number> {
  const now = wallClockAt(deps.clock.now());
  const companies = await deps.db
    .select({ id: tenants.id, slug: tenants.slug })
    .from(tenants)
    .where(eq(tenants.kind, 'customer'));
  let sent = 0;
  for (const company of companies) {
    sent += await inTenant(deps, company.id, async (tx, onCommit) => {
      // Locked and skipped when another worker has them: two workers never send one notice twice.
      const due = await tx
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.tenantId, company.id),
            eq(tasks.status, 'Pending'),
            eq(tasks.isGenerating, false),
            lte(tasks.dueDateAt, now),
            or(
              and(eq(tasks.emailNotice, true), isNull(tasks.noticeSentAt)),
              and(eq(tasks.emailReminder, true), isNull(tasks.reminderSentAt)),
            ),
          ),
        )
        .orderBy(asc(tasks.dueDateAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let n = 0;
      for (const task of due) {
        if (task.emailNotice && !task.noticeSentAt) {
          const m = await composeMessage(tx, null, task, 'email');
          if (!m.problem && m.to && m.body !== null) {
            await deps.outbox.email(tx, onCommit, company.id, {
              to: m.to,
              subject: m.subject ?? '',
              html: m.body,
              text: htmlText(m.body),
            });
            n++;
          }
          await recordHistory(tx, company.id, null, [
            {
              taskId: task.id,
              projectId: task.projectId,
              type: 'Email',
              description: m.problem
                ? `Notice not sent: ${m.problem}`
                : `Notice e-mail '${m.subject ?? ''}' sent to ${m.to_name ? `${m.to_name} <${m.to}>` : m.to}.`,
            },
          ]);
        }
        if (task.emailReminder && !task.reminderSentAt)
          n += await remind(deps, tx, onCommit, { id: company.id, url: tenantUrl(deps.config, company.slug) }, task);
        await tx
          .update(tasks)
          .set({
            ...(task.emailNotice && !task.noticeSentAt ? { noticeSentAt: sql`now()` } : {}),
            ...(task.emailReminder && !task.reminderSentAt ? { reminderSentAt: sql`now()` } : {}),
          })
          .where(eq(tasks.id, task.id));
      }
      return n;
    });
  }
  return sent;
}

type Tx = Parameters<Parameters<typeof inTenant>[2]>[0];
type OnCommit = Parameters<Parameters<typeof inTenant>[2]>[1];

/** The reminder to the assigned user: the task, its project, its due date and a link to it. */
async function remind(
  deps: JobDeps,
  tx: Tx,
  onCommit: OnCommit,
  tenant: { id: string; url: string },
  task: typeof tasks.$inferSelect,
) {
  const tenantId = tenant.id;
  const [row] = task.userId
    ? await tx
        .select({ email: users.email, first: users.firstName, code: projects.code, name: projects.name })
        .from(users)
        .innerJoin(projects, and(eq(projects.tenantId, users.tenantId), eq(projects.id, task.projectId)))
        .where(eq(users.id, task.userId))
    : [];
  const subject = TASK_MESSAGE_TEXT.reminderSubject.replace('{task}', task.title);
  if (row) {
    const due = task.dueDateAt ? task.dueDateAt.replace('T', ' ').slice(0, 16) : '';
    await deps.outbox.email(tx, onCommit, tenantId, {
      to: row.email,
      subject,
      ...renderMessage([
        `Hello ${row.first},`,
        `'${task.title}' on ${row.code} (${row.name}) is due ${due}.`,
        { label: 'Open the action list', url: `${tenant.url}/projects/${task.projectId}/show#todos` },
      ]),
    });
  }
  await recordHistory(tx, tenantId, null, [
    {
      taskId: task.id,
      projectId: task.projectId,
      type: 'Email',
      description: row ? `Reminder e-mail sent to ${row.email}.` : `Reminder not sent: ${TASK_MESSAGE_TEXT.noAssignee}`,
    },
  ]);
  return row ? 1 : 0;
}
