import { and, eq, inArray } from 'drizzle-orm';
import { PROJECT_TEXT, STAFF_ROLES } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import {
  categories,
  categoryServices,
  classifications,
  clients,
  projects,
  services,
  users,
} from '../../platform/db/schema.js';
import { invalid, type FieldErrors } from '../../platform/errors.js';
import { findActiveManager } from '../clients/service.js';
import { visibleProjects } from '../../platform/project-scope.js';

/**
 * Collects the reference errors of a project form (ids that do not exist in this tenant, or are
 * not what the field needs) so that all of them are answered at once, keyed by the form's field.
 */
export class FormChecks {
  readonly errors: FieldErrors = {};
  constructor(private readonly tx: Exec) {}

  fail(field: string, message: string = PROJECT_TEXT.notFoundOption) {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  /** Throws the 422 when anything failed. */
  done() {
    if (Object.keys(this.errors).length) throw invalid(this.errors);
  }

  /** Active company staff (manager, administrator, sales representative). */
  async staff(fields: Record<string, string | null>) {
    const ids = [...new Set(Object.values(fields).filter((v): v is string => !!v))];
    if (!ids.length) return;
    const found = await this.tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.role, [...STAFF_ROLES]), eq(users.active, true)));
    const ok = new Set(found.map((r) => r.id));
    for (const [field, id] of Object.entries(fields)) if (id && !ok.has(id)) this.fail(field);
  }

  /** An active client (or the project's current one, which may since have been deactivated). Returns its trading name. */
  async client(field: string, id: string, currentId?: string): Promise<string | null> {
    const [c] = await this.tx
      .select({ name: clients.tradingName, active: clients.active })
      .from(clients)
      .where(eq(clients.id, id));
    if (!c || (!c.active && id !== currentId)) {
      this.fail(field);
      return null;
    }
    return c.name;
  }

  /** An active account manager (client_am) of that client. */
  async accountManager(field: string, clientId: string, userId: string) {
    if (!(await findActiveManager(this.tx, clientId, userId))) this.fail(field, PROJECT_TEXT.accountManagerInvalid);
  }

  /** An active classification, or the project's current one. */
  async classification(field: string, id: string | null, currentId?: string | null) {
    if (!id || id === currentId) return;
    const [c] = await this.tx
      .select({ id: classifications.id })
      .from(classifications)
      .where(and(eq(classifications.id, id), eq(classifications.active, true)));
    if (!c) this.fail(field);
  }

  /** Categories exist, and every service is offered by at least one of them. */
  async categoriesAndServices(
    categoryIds: string[],
    serviceIds: string[],
    fields = { categories: 'categories', services: 'services' },
  ) {
    const cats = [...new Set(categoryIds)];
    const svcs = [...new Set(serviceIds)];
    const found = cats.length
      ? await this.tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, cats))
      : [];
    if (found.length !== cats.length) this.fail(fields.categories);
    if (!svcs.length) return;
    const known = await this.tx.select({ id: services.id }).from(services).where(inArray(services.id, svcs));
    if (known.length !== svcs.length) return this.fail(fields.services);
    const offered = cats.length
      ? await this.tx
          .selectDistinct({ id: categoryServices.serviceId })
          .from(categoryServices)
          .where(and(inArray(categoryServices.categoryId, cats), inArray(categoryServices.serviceId, svcs)))
      : [];
    if (offered.length !== svcs.length) this.fail(fields.services, PROJECT_TEXT.serviceNotInCategories);
  }

  /** Linked projects exist, are visible to the actor, and are not the project itself. */
  async linkedProjects(field: string, actor: Actor, ids: number[], selfId?: number) {
    const wanted = [...new Set(ids)];
    if (selfId !== undefined && wanted.includes(selfId)) return this.fail(field);
    if (!wanted.length) return;
    const found = await this.tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, wanted), visibleProjects(actor)));
    if (found.length !== wanted.length) this.fail(field);
  }
}
