import { z } from 'zod';
import {
  nullableEmail,
  nullableText,
  pageOf,
  PageQuery,
  postcodeField,
  requiredText,
  stateField,
  trimmed,
  nullablePhone,
} from '../common/fields.js';
import { isWallClockDateTime } from '../common/dates.js';
import { optionalFilter } from '../common/query.js';
import { namedView, streetAddressView, userNamesView, userOptionView } from '../common/views.js';
import { ProjectProviderView } from './provider-card.js';
import { PROJECT_STATUSES, type ProjectStatus } from './statuses.js';
import { projectDateFields, projectStatusFields } from './view-fields.js';
import { PROJECT_TEXT } from './texts.js';
import { PROJECT_SORTS } from './sorts.js';

const uuidOf = (message: string) => z.uuid({ error: message });
const optUuid = z
  .union([z.uuid({ error: PROJECT_TEXT.notFoundOption }), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const projectId = z.coerce.number({ error: PROJECT_TEXT.notFoundOption }).int().positive(PROJECT_TEXT.notFoundOption);

/**
 * 'YYYY-MM-DDTHH:mm' (seconds tolerated), local wall-clock time at the site, that exists: a real
 * day, hours 00-23 (2027-02-30T08:00 and T24:00 passed Date.parse, then failed in PostgreSQL or
 * became the next day's 00:00).
 */
export const DATE_TIME_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const dateTime = (requiredMessage?: string) => {
  const base = z
    .string()
    .trim()
    .regex(DATE_TIME_INPUT, { error: PROJECT_TEXT.dateFormat, abort: true })
    .refine(isWallClockDateTime, PROJECT_TEXT.dateNotReal);
  if (requiredMessage)
    return z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage, abort: true }).pipe(base);
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(base.nullable());
};
const endNotBeforeStart = <T extends { start_date: string | null; end_date: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  // Only two dates that exist are compared: a refused one has its own message.
  const { start_date: start, end_date: end } = v;
  if (start && end && isWallClockDateTime(start) && isWallClockDateTime(end) && end < start)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: PROJECT_TEXT.endBeforeStart });
};

export const LINKED_PROJECT_TYPES = ['master', 'sub_project'] as const;

export const SiteContactInput = z.object({
  name: requiredText(PROJECT_TEXT.siteContactNameRequired, 150),
  position: nullableText(100),
  email: nullableEmail(),
  phone: nullablePhone(),
  note: nullableText(1000),
});
export type SiteContactInput = z.infer<typeof SiteContactInput>;

const locationFields = {
  street: requiredText(PROJECT_TEXT.streetRequired),
  suburb: requiredText(PROJECT_TEXT.suburbRequired, 100),
  state: stateField(PROJECT_TEXT.stateRequired),
  postcode: postcodeField(PROJECT_TEXT.postcodeRequired),
  country: z.enum(['Australia', 'New Zealand']).default('Australia'),
};

/** The creation payload (spec 1: Project creation payload). */
export const ProjectCreate = z
  .object({
    name: requiredText(PROJECT_TEXT.nameRequired),
    start_date: dateTime(),
    end_date: dateTime(),
    project_manager: uuidOf(PROJECT_TEXT.managerRequired),
    project_administrator: uuidOf(PROJECT_TEXT.administratorRequired),
    project_sales_representative: optUuid,
    classification: optUuid,
    client: uuidOf(PROJECT_TEXT.clientRequired),
    client_am: uuidOf(PROJECT_TEXT.accountManagerRequired),
    client_comments: nullableText(5000),
    order_reference: requiredText(PROJECT_TEXT.orderReferenceRequired, 100),
    summary: nullableText(5000),
    linked_project_type: z.enum(LINKED_PROJECT_TYPES).default('master'),
    linked_projects: z.array(projectId).max(50).default([]),
    categories: z
      .array(z.uuid({ error: PROJECT_TEXT.notFoundOption }), { error: PROJECT_TEXT.categoriesRequired })
      .min(1, PROJECT_TEXT.categoriesRequired)
      .max(50),
    services: z
      .array(z.uuid({ error: PROJECT_TEXT.notFoundOption }), { error: PROJECT_TEXT.servicesRequired })
      .min(1, PROJECT_TEXT.servicesRequired)
      .max(200),
    tags: z.array(trimmed(60).min(1)).max(50).default([]),
    ...locationFields,
    site_contact_name: nullableText(150),
    site_contacts: z.array(SiteContactInput).min(1, PROJECT_TEXT.siteContactNameRequired).max(50),
  })
  .superRefine(endNotBeforeStart);
export type ProjectCreate = z.input<typeof ProjectCreate>;
export type ProjectCreateParsed = z.output<typeof ProjectCreate>;

export const ProjectDetailsUpdate = z
  .object({
    name: requiredText(PROJECT_TEXT.nameRequired),
    start_date: dateTime(),
    end_date: dateTime(),
    completed_on: dateTime(),
    project_administrator_id: uuidOf(PROJECT_TEXT.administratorRequired),
    project_manager_id: uuidOf(PROJECT_TEXT.managerRequired),
    project_sales_representative_id: optUuid,
    linked_project_type: z.enum(LINKED_PROJECT_TYPES).default('master'),
    classification_id: optUuid,
    summary: nullableText(5000),
    linked_projects: z.array(projectId).max(50).default([]),
    /** The date-change answer: an official shift keeps its reason. */
    official_shift: z.boolean().default(false),
    shift_reason: nullableText(200),
  })
  .superRefine(endNotBeforeStart);
export type ProjectDetailsUpdate = z.input<typeof ProjectDetailsUpdate>;

export const ProjectServicesUpdate = z.object({
  tags: z.array(trimmed(60).min(1)).max(50).default([]),
  categories: z
    .array(z.uuid({ error: PROJECT_TEXT.notFoundOption }))
    .min(1, PROJECT_TEXT.categoriesRequired)
    .max(50),
  services: z
    .array(z.uuid({ error: PROJECT_TEXT.notFoundOption }))
    .min(1, PROJECT_TEXT.servicesRequired)
    .max(200),
});
export type ProjectServicesUpdate = z.input<typeof ProjectServicesUpdate>;

export const ProjectOtherUpdate = z.object({
  client_id: uuidOf(PROJECT_TEXT.clientRequired),
  client_order_reference: requiredText(PROJECT_TEXT.orderReferenceRequired, 100),
  account_manager_id: uuidOf(PROJECT_TEXT.accountManagerRequired),
  site_contacts: z.array(SiteContactInput).max(50).default([]),
});
export type ProjectOtherUpdate = z.input<typeof ProjectOtherUpdate>;

export const ProjectLocationUpdate = z.object(locationFields);
export type ProjectLocationUpdate = z.input<typeof ProjectLocationUpdate>;

export const ProjectStatusUpdate = z.object({
  status: z.enum(PROJECT_STATUSES, { error: PROJECT_TEXT.notFoundOption }),
  /** When completing: the completion time; default now. */
  completed_on: dateTime(),
});
export type ProjectStatusUpdate = z.input<typeof ProjectStatusUpdate>;

export const Person = z.object({
  id: z.uuid(),
  ...userNamesView,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type Person = z.infer<typeof Person>;

export const ProjectRef = z.object({ id: z.number().int(), project_code: z.string(), name: z.string() });
export type ProjectRef = z.infer<typeof ProjectRef>;

/** Plain (no transforms): responses are encoded with it, and a transform cannot be encoded. */
export const SiteContactView = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
});
export type SiteContactView = z.infer<typeof SiteContactView>;

export const DateChangeView = z.object({
  id: z.uuid(),
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  old_start: z.string().nullable(),
  new_start: z.string().nullable(),
  old_end: z.string().nullable(),
  new_end: z.string().nullable(),
  official_shift: z.boolean(),
  reason: z.string().nullable(),
});
export type DateChangeView = z.infer<typeof DateChangeView>;

const named = namedView();

/** The project details screen (spec 1: Project (details screen)). */
export const ProjectView = z.object({
  id: z.number().int(),
  id_code: z.string(),
  project_code: z.string(),
  name: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  order_reference: z.string().nullable(),
  client_comments: z.string().nullable(),
  ...projectStatusFields(),
  allowed_statuses: z.array(z.enum(PROJECT_STATUSES)),
  ...projectDateFields(),
  completed_on: z.string().nullable(),
  location: z.object({ ...streetAddressView, country: z.string() }),
  co_ords: z.object({ lat: z.number().nullable(), long: z.number().nullable(), precision: z.string().nullable() }),
  /** Null for service-provider roles (Client Information is hidden from them). */
  client: z.object({ id: z.uuid(), trading_name: z.string() }).nullable(),
  account_manager: Person.nullable(),
  project_manager: Person,
  project_administrator: Person,
  project_sales_representative: Person.nullable(),
  classification: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  linked_project_type: z.enum(LINKED_PROJECT_TYPES),
  linked_projects: z.array(ProjectRef),
  sub_linked_projects: z.array(ProjectRef),
  tags: z.array(z.object({ id: z.uuid(), name: z.string() })),
  categories: z.array(named),
  services: z.array(named),
  site_contacts: z.array(SiteContactView),
  /** The provider card of Location of Work (name, assigned staff, status, contact, location, last notification). */
  service_provider: ProjectProviderView.nullable(),
  date_changes: z.array(DateChangeView),
  /** What the signed-in user may do with this project (packages/core/src/policies/project.ts). */
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
  created_at: z.string(),
});
export type ProjectView = z.infer<typeof ProjectView>;

export const ProjectListItem = z.object({
  id: z.number().int(),
  project_code: z.string(),
  name: z.string(),
  ...projectStatusFields(),
  client: z.object({ id: z.uuid(), trading_name: z.string() }).nullable(),
  project_manager: userOptionView(),
  order_reference: z.string().nullable(),
  ...projectDateFields(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;
export const ProjectPage = pageOf(ProjectListItem);
export type ProjectPage = z.infer<typeof ProjectPage>;

export const ProjectListQuery = PageQuery.extend({
  status: optionalFilter(z.enum(PROJECT_STATUSES)),
  client_id: optionalFilter(z.uuid()),
  project_manager_id: optionalFilter(z.uuid()),
  sort: z.enum(PROJECT_SORTS).default('start_date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

/** Reference data for the creation form (spec 1: Reference data for the form). */
export const ProjectCreateData = z.object({
  user: userOptionView(),
  classifications: z.array(z.object({ id: z.uuid(), title: z.string() })),
  tags: z.array(z.object({ name: z.string() })),
  categories: z.array(named),
  clients: z.array(z.object({ id: z.uuid(), trading_name: z.string() })),
  category_services: z.array(z.object({ category_id: z.uuid(), service_id: z.uuid(), service_name: z.string() })),
  project_managers: z.array(userOptionView()),
  /** Staff who may administer or sell (administrator and sales representative pickers). */
  staff: z.array(userOptionView()),
});
export type ProjectCreateData = z.infer<typeof ProjectCreateData>;

/** Linked-project picker: searched on the server (a tenant may have 100,000 projects). */
export const ProjectLookupQuery = z.object({
  q: z.string().trim().max(100).default(''),
  exclude: z.coerce.number().int().optional(),
});
export const ProjectLookup = z.object({ items: z.array(ProjectRef) });

export const ProjectCreated = z.object({
  id: z.number().int(),
  project_code: z.string(),
  redirect_url: z.string(),
  message: z.string(),
});
export const ProjectDeleted = z.object({ message: z.string(), redirect_url: z.string() });

export type { ProjectStatus };
