/** Test subjects of the provider journeys (providers.spec.ts, project-provider.spec.ts). */
import { expect, type Page } from '@playwright/test';
import { apiCall, DEMO, listProjects, unique } from './fixtures';

/** The parts of a project's details (GET /api/projects/{id}) that the provider journeys read. */
export type ProjectDetail = {
  id: number;
  project_code: string;
  name: string;
  status: string;
  location: { street: string | null; suburb: string | null; state: string | null; postcode: string | null };
  co_ords: { lat: number | null; long: number | null };
  categories: { id: string; name: string }[];
  services: { id: string; name: string }[];
  service_provider: { id: string; name: string } | null;
};

/**
 * A demo project that can still be assigned a provider and has a location: the first in one of
 * `statuses`, in `order` of project codes, past the first `skip` (which other journeys take).
 */
export async function assignableProject(
  page: Page,
  { order, skip, statuses }: { order: 'asc' | 'desc'; skip: number; statuses: string[] },
): Promise<ProjectDetail> {
  const { items } = await listProjects(page, DEMO, `pageSize=50&sort=code&order=${order}`);
  for (const item of items.slice(skip)) {
    const r = await apiCall(page, DEMO, 'GET', `/api/projects/${item.id}`);
    const p = r.json as ProjectDetail;
    if (statuses.includes(p.status) && p.co_ords.lat !== null && p.location.suburb) return p;
  }
  throw new Error('No assignable demo project with a location');
}

/**
 * Create a provider on the demo tenant through the API, check that the gazetteer located it, and
 * give it one staff login (sp_employee) for `staff`.
 */
export async function createLocatedProvider(
  page: Page,
  fields: Record<string, unknown>,
  staff: { first_name: string; last_name: string },
): Promise<{ id: string }> {
  const created = await apiCall(page, DEMO, 'POST', '/api/service-providers', fields);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const provider = created.json as { id: string; locations: unknown[] };
  expect(provider.locations.length).toBeGreaterThan(0);
  const user = await apiCall(page, DEMO, 'POST', `/api/service-providers/${provider.id}/users`, {
    ...staff,
    email: `${unique(staff.first_name.toLowerCase())}@provider.test`,
    role: 'sp_employee',
  });
  expect(user.status, JSON.stringify(user.json)).toBe(201);
  return provider;
}
