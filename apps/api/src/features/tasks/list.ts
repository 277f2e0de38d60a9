import { sql, type SQL } from 'drizzle-orm';
import {
  isStaffRole,
  TASK_PAGE_SIZE,
  wallClockAt,
  type TaskGroup,
  type TaskList,
  type TaskListItem,
  type TaskListQuery,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import { escapeLike } from '../../platform/db/like.js';
import { notFound } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';
import { andVisible, JOIN_PROJECT, listItem, overdue, PROJECT_HEAD } from './view.js';

/** 'YYYY-MM-DD' plus `days` calendar days. */
const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Due dates from the start of day `from` (today + from) to before the start of day `to`. */
const dueBetween = (today: string, from: number, to: number) =>
  sql`t.due_date_at >= ${addDays(today, from)}::timestamp and t.due_date_at < ${addDays(today, to)}::timestamp`;

/**
 * The list's filters as conditions on task `t` and its project (spec 2 sections 2.1, 6, 9). Days
 * are the company's wall-clock days: Today is today, Tomorrow tomorrow, Next 7 Days today and the
 * 6 days after, Next 30 Days today and the 29 after; Overdue a pending task due before now. Client
 * and provider users filter Assigned To by Any and Mine only (others count as Any), and the Staff
 * and User filters are the company's; with Mine they do not apply (the screen disables them).
 */
export function taskFilters(actor: Actor, q: TaskListQuery, now: string): SQL[] {
  const staff = isStaffRole(actor.role);
  const today = now.slice(0, 10);
  const where: SQL[] = [];
  if (q.project_id !== 0) where.push(sql`t.project_id = ${q.project_id}`);
  else if (q.project_status !== 'any') where.push(sql`projects.status = ${q.project_status}`);
  if (q.status !== 'Any') where.push(sql`t.status = ${q.status}`);
  switch (q.due) {
    case 'Today':
      where.push(dueBetween(today, 0, 1));
      break;
    case 'Tomorrow':
      where.push(dueBetween(today, 1, 2));
      break;
    case 'Next 7 Days':
      where.push(dueBetween(today, 0, 7));
      break;
    case 'Next 30 Days':
      where.push(dueBetween(today, 0, 30));
      break;
    case 'Overdue':
      where.push(overdue(now));
      break;
  }
  const assigned = staff || q.assigned === 'Mine' ? q.assigned : 'Any';
  if (assigned === 'Mine') where.push(sql`t.user_id = ${actor.userId}`);
  else if (assigned === 'Unallocated') where.push(sql`t.user_id is null`);
  else if (assigned !== 'Any') where.push(sql`t.action_by = ${assigned}`);
  if (q.priority !== 'Any') where.push(sql`t.priority = ${q.priority}`);
  if (staff && assigned !== 'Mine') {
    if (q.staff && q.staff !== 'Any' && q.staff !== 'All') where.push(sql`t.staff_responsible = ${q.staff}`);
    const users = q.user.filter((u) => u !== 'All');
    if (!q.user.includes('All') && users.length) where.push(sql`t.user_id = any(${`{${users.join(',')}}`}::uuid[])`);
  }
  if (q.starred === 'Starred') where.push(sql`t.starred`);
  else if (q.starred === 'Unstarred') where.push(sql`not t.starred`);
  if (q.search) {
    const term = `%${escapeLike(q.search)}%`;
    where.push(sql`(t.title ilike ${term} or projects.code ilike ${term} or projects.name ilike ${term})`);
  }
  return where;
}

const nextPage = (page: number, size: number, total: number) => (page * size < total ? page + 1 : null);

/** Matching tasks read per group of the all-projects page and the next (listTasks). */
const PREFIX_PER_GROUP = 10;

/**
 * GET /api/tasks. Project mode (project_id set): a page of the project's matching tasks in list
 * order, their total and the project's own counts (the close prompt), in one statement; 404 when
 * the actor does not see the project. All-projects mode: a page of the projects with a matching
 * task (earliest matching due date first), each with its matching tasks in list order and its
 * next pending task by due date, and the number of such projects (at least, when there are many),
 * in one statement.
 */
export const listTasks = (deps: Pick<Deps, 'db' | 'clock'>, tenant: TenantContext, actor: Actor, q: TaskListQuery) =>
  inTenant(deps, tenant.id, async (tx): Promise<TaskList> => {
    const now = wallClockAt(deps.clock.now());
    const where = sql.join(
      [sql`t.tenant_id = ${tenant.id}`, ...taskFilters(actor, q, now)].map((c) => sql`(${c})`),
      sql` and `,
    );
    const visible = andVisible(actor);
    // The project row only when a condition reads it (project status, search, a client's or provider's scope).
    const join =
      q.search || (q.project_id === 0 && q.project_status !== 'any') || visibleProjects(actor) ? JOIN_PROJECT : sql``;
    if (q.project_id !== 0) {
      const size = TASK_PAGE_SIZE.tasks;
      const { rows } = await tx.execute<{
        tasks: TaskListItem[];
        total: number;
        project: { status: string; task_count: number; open_count: number } | null;
      }>(sql`
        select
          (select coalesce(json_agg(x.item order by x.position, x.id), '[]'::json) from (
            select ${listItem(now)} as item, t.position, t.id
            from tasks t ${join} where ${where}${visible}
            order by t.position, t.id limit ${size} offset ${(q.page - 1) * size}) x) as tasks,
          (select count(*)::int from tasks t ${join} where ${where}${visible}) as total,
          (select json_build_object('status', projects.status,
              'task_count', (select count(*)::int from tasks t where t.tenant_id = projects.tenant_id and t.project_id = projects.id),
              'open_count', (select count(*)::int from tasks t where t.tenant_id = projects.tenant_id
                and t.project_id = projects.id and t.status = 'Pending'))
            from projects where projects.tenant_id = ${tenant.id} and projects.id = ${q.project_id}${visible}) as project`);
      const row = rows[0]!;
      if (!row.project) throw notFound('The project');
      const manage = isStaffRole(actor.role);
      const p = row.project as NonNullable<TaskList['project']>;
      return {
        groups: [],
        tasks: row.tasks,
        total: row.total,
        next_page: nextPage(q.page, size, row.total),
        project: {
          status: p.status,
          task_count: p.task_count,
          open_count: p.open_count,
          manage,
          close: manage && p.status !== 'closed' && p.task_count > 0 && p.open_count === 0,
        },
      };
    }
    const size = TASK_PAGE_SIZE.groups;
    // Groups go by their earliest matching due date (then project id). The matching tasks in that
    // order (tasks_tenant_due_project_idx: its trailing columns filter without the table) hold
    // every group of this page and the next once they cover `need` projects: a project's first
    // task in that order carries its earliest due date. So the statement reads a prefix of them
    // (`hits`, `PREFIX_PER_GROUP` tasks a group) and aggregates every matching task (`grp`) only
    // when the prefix neither holds them all nor covers `need` projects. `total` is exact when the
    // prefix holds every matching task (or `grp` ran), else the projects the prefix covers (at least
    // `need`: docs/decisions.md "Action list", the total of the all-projects list).
    const need = q.page * size + 1;
    const prefix = need * PREFIX_PER_GROUP;
    const { rows } = await tx.execute<{ groups: TaskGroup[]; total: number; more: boolean }>(sql`
      with hits as (
        select t.project_id, t.due_date_at from tasks t ${join} where ${where}${visible}
        order by t.due_date_at nulls last, t.project_id limit ${prefix}
      ), early as (
        select h.project_id, min(h.due_date_at) as first_due from hits h group by h.project_id
      ), decided as (
        select (select count(*) from hits) < ${prefix} as all_in, (select count(*) from early) >= ${need} as enough
      ), grp as (
        select t.project_id, min(t.due_date_at) as first_due
        from tasks t ${join} where ${where}${visible} group by t.project_id
      ), ranked as (
        select e.project_id, e.first_due from early e where (select d.all_in or d.enough from decided d)
        union all
        select g.project_id, g.first_due from grp g where not (select d.all_in or d.enough from decided d)
      ), page as (
        select r.project_id, r.first_due from ranked r order by r.first_due nulls last, r.project_id
        limit ${size + 1} offset ${(q.page - 1) * size}
      )
      select
        case when d.all_in or d.enough then (select count(*)::int from early) else (select count(*)::int from grp) end
          as total,
        (select count(*) from page) > ${size} as more,
        (select coalesce(json_agg(json_build_object(
            'project', ${PROJECT_HEAD},
            'next_task', (select json_build_object('id', n.id, 'title', n.title,
                'due_date_at', to_char(n.due_date_at, 'YYYY-MM-DD HH24:MI'))
              from tasks n where n.tenant_id = projects.tenant_id and n.project_id = projects.id and n.status = 'Pending'
              order by n.due_date_at nulls last, n.position, n.id limit 1),
            'tasks', (select json_agg(${listItem(now)} order by t.position, t.id) from tasks t
              where t.project_id = projects.id and ${where}${visible}))
          order by shown.first_due nulls last, shown.project_id), '[]'::json)
         from (select page.project_id, page.first_due from page
           order by page.first_due nulls last, page.project_id limit ${size}) shown
         join projects on projects.tenant_id = ${tenant.id} and projects.id = shown.project_id) as groups
      from decided d`);
    const row = rows[0]!;
    return {
      groups: row.groups,
      tasks: [],
      total: row.total,
      next_page: row.more ? q.page + 1 : null,
      project: null,
    };
  });
