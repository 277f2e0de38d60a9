import { sql } from 'drizzle-orm';
import {
  COMPANY_TIME_ZONE,
  isStaffRole,
  storyboardFor,
  STORYBOARDS,
  type Storyboard,
  type StoryboardView,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import { findVisibleProject } from '../../platform/project-scope.js';

/** The most recent entries a storyboard shows. */
const FEED = 100;

/**
 * GET /api/projects/:id/storyboard: the actions of the project shared on the actor's board (a
 * client's users the client board, a provider's the provider board, staff the one asked for),
 * most recently changed first, in one statement after the project check (404 when not visible).
 * Voided tasks are not shown.
 */
export const storyboard = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  asked: Storyboard | undefined,
): Promise<StoryboardView> =>
  inTenant(deps, tenant.id, async (tx) => {
    await findVisibleProject(tx, actor, projectId);
    const board = storyboardFor(actor.role, asked);
    const shared = board === 'client' ? sql`t.share_action_on_client` : sql`t.share_action_on_sp`;
    const { rows } = await tx.execute<StoryboardView['items'][number]>(sql`
      select t.id::int as task_id, t.title, t.status, t.action_taken,
        to_char(t.due_date_at, 'YYYY-MM-DD HH24:MI') as due_date_at,
        to_char(t.completed_at, 'YYYY-MM-DD HH24:MI') as completed_at,
        to_char(t.updated_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as updated_at,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_name
      from tasks t left join users u on u.tenant_id = t.tenant_id and u.id = t.user_id
      where t.tenant_id = ${tenant.id} and t.project_id = ${projectId} and ${shared} and t.status <> 'Voided'
      order by t.updated_at desc, t.id desc limit ${FEED}`);
    return { board, boards: isStaffRole(actor.role) ? [...STORYBOARDS] : [board], items: rows };
  });
