import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';

/**
 * The join condition of `users holder` for template task `s` on project `p`: the one person its
 * Action By and Staff Responsible name on the project, when that person may hold the task (the
 * User picker's rule, `assignees`: an active user; a client's account manager one of the
 * project's client). Company / Project Manager -> the project's manager, Company / Project
 * Administrator -> its administrator, Client / Account Manager -> the client's account manager
 * on the project. Every other choice (a role, 'All', a provider) names no one person: no holder.
 * One key lookup per task (an equality on the users' primary key).
 */
const projectRoleHolder = sql`holder.tenant_id = p.tenant_id
  AND holder.id = CASE
    WHEN s.action_by = 'Company' AND s.staff_responsible = 'Project Manager' THEN p.project_manager_id
    WHEN s.action_by = 'Company' AND s.staff_responsible = 'Project Administrator' THEN p.project_administrator_id
    WHEN s.action_by = 'Client' AND s.staff_responsible = 'Account Manager' THEN p.client_am_id
  END
  AND holder.active
  AND (s.action_by <> 'Client' OR (holder.role = 'client_am' AND holder.client_id = p.client_id))`;

/** Which template: a chosen one, or the one applied to a classification (when a project is created). */
export type TemplateChoice = { templateId: string } | { classificationId: string | null };

/**
 * Adds a template's tasks to a project's action list, after the tasks it has (issue 12 section 1):
 * in the template's order, copying every template field, automatic ones marked generating for the
 * due-date job (queueDueDates after commit), a Completed Task trigger pointing at the project's
 * copy of the template task it named, and a 'Created' history row each. A task whose Staff
 * Responsible is one person of the project is assigned to that person (projectRoleHolder), with an
 * 'Assigned' history row; the others stay unassigned. Three statements whatever the number of
 * tasks. Answers how many tasks were added (0 when there is no such template).
 */
export async function applyTaskTemplate(
  tx: Tx,
  tenantId: string,
  projectId: number,
  choice: TemplateChoice,
  user: { id: string; name: string } | null,
): Promise<number> {
  const which =
    'templateId' in choice
      ? sql`tt.id = ${choice.templateId}::uuid`
      : choice.classificationId
        ? sql`tt.classification_id = ${choice.classificationId}::uuid`
        : sql`false`;
  const inserted = await tx.execute<{ id: string; template_task_id: string; title: string }>(sql`
    WITH start AS (
      SELECT coalesce(max(position), 0) AS last FROM tasks WHERE tenant_id = ${tenantId} AND project_id = ${projectId}
    ), source AS (
      SELECT t.*, tt.title AS template_title, row_number() OVER (ORDER BY t.task_index, t.created_at, t.id) AS n
      FROM template_tasks t JOIN task_templates tt ON tt.tenant_id = t.tenant_id AND tt.id = t.template_id
      WHERE t.tenant_id = ${tenantId} AND ${which}
    )
    INSERT INTO tasks (tenant_id, project_id, position, template_task_id, title, action_by, staff_responsible,
      priority, trigger_type, trigger, trigger_project_status, fixed_date_at, default_entity, default_contact,
      email_template, instructions, is_auto_complete, share_action_on_client, share_action_on_sp, email_reminder,
      email_notice, actioned_at_days, actioned_at_hours, actioned_at_mins, is_auto_due_date, is_generating,
      generating_since, created_by, user_id)
    SELECT ${tenantId}, ${projectId}, start.last + s.n, s.id, s.title, s.action_by, s.staff_responsible,
      s.priority, s.trigger_type, s.trigger, s.trigger_project_status, s.fixed_date_at, s.default_entity,
      s.default_contact, s.email_template, s.instructions, s.is_auto_complete, s.share_action_on_client,
      s.share_action_on_sp, s.email_reminder, s.email_notice, s.actioned_at_days, s.actioned_at_hours,
      s.actioned_at_mins, s.is_auto_due_date, s.is_auto_due_date, CASE WHEN s.is_auto_due_date THEN now() END,
      ${user?.id ?? null}::uuid, holder.id
    FROM source s CROSS JOIN start
      JOIN projects p ON p.tenant_id = s.tenant_id AND p.id = ${projectId}
      LEFT JOIN users holder ON ${projectRoleHolder}
    ORDER BY s.n
    RETURNING id, template_task_id, title`);
  const rows = inserted.rows;
  if (rows.length === 0) return 0;
  const ids = `{${rows.map((r) => r.id).join(',')}}`;
  await tx.execute(sql`
    UPDATE tasks t SET trigger_completed_task_id = named.id
    FROM template_tasks tt, tasks named
    WHERE t.tenant_id = ${tenantId} AND t.project_id = ${projectId} AND t.trigger = 'Completed Task'
      AND t.trigger_completed_task_id IS NULL
      AND tt.tenant_id = t.tenant_id AND tt.id = t.template_task_id
      AND named.tenant_id = t.tenant_id AND named.project_id = t.project_id
      AND named.template_task_id = tt.trigger_completed_task_id
      AND t.id = ANY(${ids}::bigint[])
      AND named.id = ANY(${ids}::bigint[])`);
  // 'Created' for each, then 'Assigned' for those assigned above (the later row shows first). The
  // casts: in a UNION the parameters' types are not taken from the columns.
  const [tenant, project, by, byName] = [
    sql`${tenantId}::uuid`,
    sql`${projectId}::bigint`,
    sql`${user?.id ?? null}::uuid`,
    sql`${user?.name ?? null}::text`,
  ];
  await tx.execute(sql`
    INSERT INTO task_history (tenant_id, task_id, project_id, type, description, user_id, user_name)
    SELECT ${tenant}, id, ${project}, 'Created', 'Created from the task template.', ${by}, ${byName}
    FROM unnest(${ids}::bigint[]) AS id
    UNION ALL
    SELECT ${tenant}, t.id, ${project}, 'Assigned', 'Assigned to ' || u.first_name || ' ' || u.last_name || '.', ${by}, ${byName}
    FROM tasks t JOIN users u ON u.tenant_id = t.tenant_id AND u.id = t.user_id
    WHERE t.tenant_id = ${tenant} AND t.id = ANY(${ids}::bigint[])`);
  return rows.length;
}
