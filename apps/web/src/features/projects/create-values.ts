import { DEFAULT_CLASSIFICATION, ProjectCreate, type ProjectCreateData } from '@siteflow/core';
import type { LinkedType } from './components/linked-projects-fields';
import type { LocationValues } from './components/location-fields';
import { contactPayload, newContact, type ContactValues } from './components/site-contacts-carousel';
import { ifOffered, personOptions } from './options';

/** The project creation form's values, first values and payload (spec 1: Project creation payload). */
export type CreateValues = {
  name: string;
  start_date: string;
  end_date: string;
  project_administrator: string | null;
  project_manager: string | null;
  project_sales_representative: string | null;
  classification: string | null;
  summary: string;
  linked_project_type: LinkedType;
  linked_projects: number[];
  tags: string[];
  categories: string[];
  services: string[];
  client: string | null;
  order_reference: string;
  client_comments: string;
  client_am: string | null;
  site_contacts: ContactValues[];
} & LocationValues;

export const CREATE_FIELDS = [
  'name',
  'start_date',
  'end_date',
  'project_administrator',
  'project_manager',
  'project_sales_representative',
  'classification',
  'summary',
  'linked_project_type',
  'linked_projects',
  'tags',
  'categories',
  'services',
  'client',
  'order_reference',
  'client_comments',
  'client_am',
  'street',
  'suburb',
  'state',
  'postcode',
  'country',
];

export function createInitialValues(data: ProjectCreateData): CreateValues {
  const me = data.user.id;
  const classification = data.classifications.find(
    (c) => c.title.toLowerCase() === DEFAULT_CLASSIFICATION.toLowerCase(),
  );
  return {
    name: '',
    start_date: '',
    end_date: '',
    // Administrator, manager and sales representative default to the current user where they may be.
    project_administrator: ifOffered(personOptions(data.staff), me),
    project_manager: ifOffered(personOptions(data.project_managers), me),
    project_sales_representative: ifOffered(personOptions(data.staff), me),
    classification: classification?.id ?? null,
    summary: '',
    linked_project_type: 'master',
    linked_projects: [],
    tags: [],
    categories: [],
    services: [],
    client: null,
    order_reference: '',
    client_comments: '',
    client_am: null,
    site_contacts: [newContact()],
    street: '',
    suburb: '',
    state: null,
    postcode: '',
    country: 'Australia',
  };
}

/** The creation payload (spec 1: Project creation payload); the first contact's name is the site contact name. */
export function toCreatePayload(v: CreateValues): ProjectCreate {
  return {
    name: v.name,
    start_date: v.start_date || null,
    end_date: v.end_date || null,
    project_manager: v.project_manager as string,
    project_administrator: v.project_administrator as string,
    project_sales_representative: v.project_sales_representative,
    classification: v.classification,
    client: v.client as string,
    client_am: v.client_am as string,
    client_comments: v.client_comments || null,
    order_reference: v.order_reference,
    summary: v.summary || null,
    linked_project_type: v.linked_project_type,
    linked_projects: v.linked_projects,
    categories: v.categories,
    services: v.services,
    tags: v.tags,
    street: v.street,
    suburb: v.suburb,
    state: v.state as ProjectCreate['state'],
    postcode: v.postcode,
    country: v.country,
    site_contact_name: v.site_contacts[0]?.name || null,
    site_contacts: v.site_contacts.map(contactPayload),
  };
}
