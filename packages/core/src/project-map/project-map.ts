import { z } from 'zod';
import * as query from '../common/query.js';
import { PROJECT_STATUSES, type ProjectStatus } from '../projects/statuses.js';
import { projectDateFields, projectStatusFields } from '../projects/view-fields.js';
import { isClientRole, isProviderRole, type Role } from '../roles/roles.js';
import { SEARCH_DISTANCE } from '../providers/texts.js';
import { dateOnly } from '../providers/contracts.js';
import { locatedAddressView, userOptionView } from '../common/views.js';

export const PROJECT_MAP_TEXT = {
  showMore: 'Show More Filters',
  hide: 'Hide Filters',
  cancelled: 'Cancelled',
  completed: (date: string) => `Completed: ${date}`,
  scheduled: (date: string) => `Scheduled: ${date}`,
  searchPlaceholder: 'Search projects',
  noResults: 'No projects match these filters.',
  /** The company has no project the user may see (no filter set). */
  noProjects: 'No projects yet.',
  /** Projects match, none of them in the part of the map shown. */
  noneInView: 'No projects in this part of the map. Zoom out or move the map to see them.',
} as const;

/** The popup's date line (spec 1: Project map). `format` turns a stored date into the shown text. */
export function projectMapDateLine(
  p: { status: ProjectStatus; completed_on: string | null; end_date: string | null },
  format: (value: string | null) => string,
): string {
  if (p.status === 'completed') return PROJECT_MAP_TEXT.completed(format(p.completed_on));
  if (p.status === 'cancelled') return PROJECT_MAP_TEXT.cancelled;
  return PROJECT_MAP_TEXT.scheduled(format(p.end_date));
}

export type ProjectMapFilter =
  'project_manager' | 'client' | 'account_manager' | 'order_reference' | 'performance_rating' | 'customer_rating';

/**
 * Spec 1 section 6: client roles get Account Manager and Order Reference (no Project Manager or
 * Client) and only the Customer Rating; provider roles get no Client and Project Manager filters
 * but account-manager and order-reference; all other roles get everything and both ratings.
 */
export function projectMapFiltersOf(role: Role): ProjectMapFilter[] {
  if (isClientRole(role)) return ['account_manager', 'order_reference', 'customer_rating'];
  if (isProviderRole(role)) return ['account_manager', 'order_reference', 'performance_rating', 'customer_rating'];
  return ['project_manager', 'client', 'account_manager', 'order_reference', 'performance_rating', 'customer_rating'];
}
export const seesPerformanceRating = (role: Role) => !isClientRole(role);

const optUuid = query.optionalFilter(z.uuid({ error: 'Choose an option from the list.' }));

/**
 * GET /api/project-map. The centre is lat/lng when given (browser location), else the geocoded
 * postcode/suburb/state; distance then keeps projects strictly under it (0 = no limit). With a
 * bbox (south,west,north,east) and zoom, markers are clustered on the server.
 */
export const ProjectMapQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: query.listParam(z.enum(PROJECT_STATUSES)).default([]),
  postcode: query.postcodeFilter(),
  state: query.stateFilter(),
  suburb: z.string().trim().max(100).optional(),
  lat: query.optNumberParam(z.number().min(-90).max(90)),
  lng: query.optNumberParam(z.number().min(-180).max(180)),
  distance: query.distanceParam(SEARCH_DISTANCE, SEARCH_DISTANCE.projectMapDefault),
  categories: query.optionListParam(),
  services: query.optionListParam(),
  start_date: query.optionalFilter(dateOnly()),
  end_date: query.optionalFilter(dateOnly()),
  project_manager_id: optUuid,
  client_id: optUuid,
  account_manager_id: optUuid,
  order_reference: z.string().trim().max(100).optional(),
  min_performance: query.ratingFilter(),
  min_customer: query.ratingFilter(),
  bbox: z
    .string()
    .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'bbox is south,west,north,east.')
    .optional(),
  zoom: z.coerce.number().int().min(1).max(20).default(5),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProjectMapQuery = z.input<typeof ProjectMapQuery>;
export type ProjectMapQueryParsed = z.output<typeof ProjectMapQuery>;

/** The project's average ratings; performance is null for client roles (they see only the customer rating). */
const ratings = { performance_rating: z.number().nullable(), customer_rating: z.number().nullable() };

export const ProjectMapItem = z.object({
  id: z.number().int(),
  id_code: z.string(),
  name: z.string(),
  order_reference: z.string().nullable(),
  ...projectStatusFields(),
  /** Null for provider roles, who do not see the client (as on the project list and details). */
  client_name: z.string().nullable(),
  client_id: z.uuid().nullable(),
  client_am_id: z.uuid().nullable(),
  project_manager: z.string(),
  project_manager_id: z.uuid(),
  location_first: locatedAddressView(),
  ...projectDateFields(),
  completed_on: z.string().nullable(),
  categories_list: z.array(z.object({ name: z.string() })),
  services_list: z.array(z.object({ name: z.string() })),
  ...ratings,
  km: z.number().nullable(),
});
export type ProjectMapItem = z.infer<typeof ProjectMapItem>;

/** A marker: one project (count 1, with its popup fields) or a cluster of count projects. */
export const ProjectMapMarker = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  project: z
    .object({
      id: z.number().int(),
      name: z.string(),
      ...projectStatusFields(),
      end_date: z.string().nullable(),
      completed_on: z.string().nullable(),
      ...ratings,
    })
    .nullable(),
});
export type ProjectMapMarker = z.infer<typeof ProjectMapMarker>;

export const ProjectMapResponse = z.object({
  centre: z.object({ lat: z.number(), lng: z.number(), label: z.string() }).nullable(),
  total: z.number().int(),
  markers: z.array(ProjectMapMarker),
  items: z.array(ProjectMapItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * With a `search`: the box around every located match (not only those in `bbox`), so the map can
   * show them all; null without a search or when no match has a position.
   */
  bounds: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }).nullable(),
});
export type ProjectMapResponse = z.infer<typeof ProjectMapResponse>;

/**
 * GET /api/project-map/options: what the filters offer to any role that sees the map (client and
 * provider users cannot read the reference or client screens), and `home`, the signed-in user's
 * own location (staff: their address; client users: their client's; provider users: their
 * provider's), where the map centres when the browser's location is refused (spec 1 section 8).
 */
export const ProjectMapOptions = z.object({
  categories: z.array(
    z.object({ id: z.uuid(), name: z.string(), services: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
  ),
  /** Client roles: their client's active account managers; provider roles: those of their projects; staff: [] (by client). */
  account_managers: z.array(userOptionView()),
  home: z.object({ lat: z.number(), lng: z.number(), label: z.string() }).nullable(),
});
export type ProjectMapOptions = z.infer<typeof ProjectMapOptions>;
