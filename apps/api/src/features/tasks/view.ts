import { sql, type SQL } from 'drizzle-orm';
import { TASK_MESSAGE_TEXT, taskAbilities, type TaskStatus, type TaskView } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';

/**
 * The SQL pieces every task screen shares. A task is read as `tasks t` joined to `projects`
 * (unaliased, so that visibleProjects' condition applies to it as written).
 */

export const taskNotFound = () => notFound('The task');

/** A stored wall-clock timestamp as 'YYYY-MM-DD HH:mm'. */
export const wallClock = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI')`;

/** `projects` joined to task `t`. */
export const JOIN_PROJECT = sql`join projects on projects.tenant_id = t.tenant_id and projects.id = t.project_id`;

/** The actor's project visibility as an extra `and ...` (nothing for staff). */
export const andVisible = (actor: Actor): SQL => {
  const visible = visibleProjects(actor);
  return visible ? sql` and ${visible}` : sql``;
};

/** Whether task `t` is overdue at `now` (company wall-clock): pending and due before now. */
export const overdue = (now: string) =>
  sql`(t.status = 'Pending' and coalesce(t.due_date_at < ${now}::timestamp, false))`;

/** The assigned user's full name of task `t`. */
const USER_NAME = sql`(select u.first_name || ' ' || u.last_name from users u where u.tenant_id = t.tenant_id and u.id = t.user_id)`;

/** The head of `projects` as TaskProjectHead (categories by name, comma-separated). */
export const PROJECT_HEAD = sql`json_build_object('id', projects.id, 'code', projects.code, 'name', projects.name,
  'category', (select string_agg(c.name, ', ' order by c.name) from project_categories pc
    join categories c on c.tenant_id = pc.tenant_id and c.id = pc.category_id
    where pc.tenant_id = projects.tenant_id and pc.project_id = projects.id),
  'status', projects.status)`;

/** Task `t` as a TaskListItem. */
export const listItem = (now: string) => sql`json_build_object(
  'id', t.id, 'project_id', t.project_id, 'position', t.position, 'title', t.title, 'status', t.status,
  'priority', t.priority, 'action_by', t.action_by, 'staff_responsible', t.staff_responsible,
  'due_date_at', ${wallClock(sql`t.due_date_at`)}, 'is_generating', t.is_generating, 'overdue', ${overdue(now)},
  'starred', t.starred, 'user_id', t.user_id, 'user_name', ${USER_NAME})`;

/** Task `t` as a TaskView without project, abilities and message_problem. */
const viewFields = (now: string) => sql`json_build_object(
  'id', t.id, 'project_id', t.project_id, 'position', t.position, 'title', t.title,
  'action_by', t.action_by, 'staff_responsible', t.staff_responsible, 'priority', t.priority,
  'trigger_type', t.trigger_type, 'trigger', t.trigger, 'trigger_project_status', t.trigger_project_status,
  'trigger_completed_task_id', t.trigger_completed_task_id, 'fixed_date_at', ${wallClock(sql`t.fixed_date_at`)},
  'default_entity', t.default_entity, 'default_contact', t.default_contact, 'email_template', t.email_template,
  'instructions', t.instructions, 'is_auto_complete', t.is_auto_complete,
  'share_action_on_client', t.share_action_on_client, 'share_action_on_sp', t.share_action_on_sp,
  'email_reminder', t.email_reminder, 'email_notice', t.email_notice,
  'actioned_at_days', t.actioned_at_days, 'actioned_at_hours', t.actioned_at_hours,
  'actioned_at_mins', t.actioned_at_mins, 'is_auto_due_date', t.is_auto_due_date,
  'status', t.status, 'action_taken', t.action_taken, 'due_date_at', ${wallClock(sql`t.due_date_at`)},
  'completed_at', ${wallClock(sql`t.completed_at`)}, 'is_generating', t.is_generating, 'overdue', ${overdue(now)},
  'starred', t.starred, 'user_id', t.user_id, 'user_name', ${USER_NAME}, 'sms_template', t.sms_template)`;

type ViewRow = Omit<TaskView, 'project' | 'abilities' | 'message_problem'>;

/** The e-mail address or the mobile of a user, as the task's messages reach them. */
const reach = (field: 'email' | 'mobile', u: string) =>
  field === 'email' ? sql.raw(`${u}.email`) : sql.raw(`coalesce(${u}.mobile, ${u}.phone)`);
const userReach = (field: 'email' | 'mobile', column: SQL) =>
  sql`(select ${reach(field, 'u')} from users u where u.tenant_id = projects.tenant_id and u.id = ${column})`;
/** The project's client's first active user in `role`, as the task's messages pick them. */
const clientUserReach = (field: 'email' | 'mobile', role: string) => sql`(select ${reach(field, 'u')} from users u
  where u.tenant_id = projects.tenant_id and u.client_id = projects.client_id and u.role = ${role} and u.active
  order by u.created_at, u.id limit 1)`;

/**
 * The chosen contact's e-mail address or mobile for task `t` (spec 2 section 6; the contacts of
 * docs/decisions.md "E-mail and SMS of a task"), or null.
 */
const contactReach = (field: 'email' | 'mobile') => sql`nullif(case t.default_entity || ':' || t.default_contact
    when 'Company:Project Manager' then ${userReach(field, sql`projects.project_manager_id`)}
    when 'Company:Project Administrator' then ${userReach(field, sql`projects.project_administrator_id`)}
    when 'Client:Account Manager' then ${userReach(field, sql`projects.client_am_id`)}
    when 'Client:Admin' then ${clientUserReach(field, 'client_admin')}
    when 'Client:Finance' then ${clientUserReach(field, 'client_account')}
    when 'Service Provider:Service Provider' then (select ${field === 'email' ? sql`sp.email` : sql`sp.phone`}
      from service_providers sp where sp.tenant_id = projects.tenant_id and sp.id = projects.service_provider_id)
    when 'Site Contact:Site Contact' then (select ${field === 'email' ? sql`s.email` : sql`s.phone`} from site_contacts s
      where s.tenant_id = projects.tenant_id and s.project_id = projects.id order by s.position, s.id limit 1)
  end, '')`;

/**
 * Why the task's message cannot go out, as its editor flags it: the e-mail notice is on (or an SMS
 * template is chosen) and the chosen contact has no e-mail address (or mobile).
 */
const MESSAGE_PROBLEM = sql`case when t.default_entity is null or t.default_contact is null then null
  when t.email_notice and ${contactReach('email')} is null then ${TASK_MESSAGE_TEXT.noEmail}
  when t.sms_template is not null and ${contactReach('mobile')} is null then ${TASK_MESSAGE_TEXT.noMobile}
  end`;

/**
 * A task as its editor shows it, when the actor sees its project (404 otherwise): one statement.
 * `now` is the company wall-clock time (the overdue flag).
 */
export async function taskView(tx: Tx, actor: Actor, id: number, now: string): Promise<TaskView> {
  const { rows } = await tx.execute<{
    task: ViewRow;
    project: TaskView['project'];
    message_problem: string | null;
  }>(sql`
    select ${viewFields(now)} as task, ${PROJECT_HEAD} as project, ${MESSAGE_PROBLEM} as message_problem
    from tasks t ${JOIN_PROJECT}
    where t.id = ${id}${andVisible(actor)}`);
  const [row] = rows;
  if (!row) throw taskNotFound();
  return {
    ...row.task,
    project: row.project,
    message_problem: row.message_problem,
    abilities: taskAbilities(actor.role, row.task.status as TaskStatus),
  };
}
