import { isStaffRole, PROJECT_SORTS, PROJECT_STATUSES, type SessionView } from '@siteflow/core';
import type { ListConfig } from '../../ui/list-page/list-state';
import type { ProjectListParams } from './list-api';

/**
 * The project list's URL state (page, size, sort, filters), shared by the screen and the request
 * the app starts for its first page before the screen's code is there (list-prefetch.ts).
 */
export const PROJECT_PAGE_SIZES = [20, 50, 100];

type Sort = ProjectListParams['sort'];
type Filter = 'status' | 'client_id' | 'project_manager_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Allowed = { client: boolean; manager: boolean };

/** The client filter for those who may see clients, the manager filter for staff who may see staff. */
export function allowedFilters(session: SessionView): Allowed {
  const role = session.user?.role;
  return {
    client: session.abilities.includes('clients.view'),
    manager: session.abilities.includes('staff.view') && Boolean(role && isStaffRole(role)),
  };
}

/** The list's URL state; the client and manager filters only where the user may see them. */
export function listConfig(allowed: Allowed): ListConfig<Filter, Sort> {
  return {
    pageSizes: PROJECT_PAGE_SIZES,
    defaultPageSize: 20,
    filters: {
      status: (v) => (PROJECT_STATUSES as readonly string[]).includes(v),
      client_id: (v) => allowed.client && UUID.test(v),
      project_manager_id: (v) => allowed.manager && UUID.test(v),
    },
    sort: {
      /** Column accessor → the server's sort key (the columns without one are not sortable). */
      columns: { project_code: 'code', name: 'name', client: 'client', status: 'status', start_date: 'start_date' },
      keys: PROJECT_SORTS,
      default: 'start_date',
      order: 'desc',
      /** A column chosen anew starts in its natural order: words A to Z, codes and dates newest first. */
      first: { code: 'desc', start_date: 'desc', created_at: 'desc', name: 'asc', client: 'asc', status: 'asc' },
    },
  };
}
