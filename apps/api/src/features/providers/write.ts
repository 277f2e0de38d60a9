import { eq, sql } from 'drizzle-orm';
import { PROVIDER_TEXT, type ProviderInputParsed } from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { uniqueOrFieldError } from '../../platform/errors.js';
import {
  providerAvailabilities,
  providerCategories,
  providerServices,
  serviceProviders,
} from '../../platform/db/schema.js';
import { geocode } from '../geo/geocode.js';
import { FormChecks } from '../projects/checks.js';
import { findVisibleProvider, providerView } from './read.js';

type D = Pick<Deps, 'db'>;

// ---------------------------------------------------------------------------------------------
// Create and edit

/** The business address placed with the gazetteer; no address, or none found: no location. */
async function locate(tx: Tx, input: ProviderInputParsed) {
  const given = input.street || input.suburb || input.state || input.postcode;
  const place = given
    ? await geocode(tx, {
        street: input.street,
        suburb: input.suburb,
        state: input.state,
        postcode: input.postcode,
        country: 'Australia',
      })
    : null;
  return { lat: place?.lat ?? null, lng: place?.lng ?? null, geoPrecision: place?.precision ?? null };
}

/** Whether another provider of the company has the name, whatever the case (as clients' trading names). */
async function nameTaken(tx: Tx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(sql`lower(${serviceProviders.name})`, name.toLowerCase()));
  return !!taken && taken.id !== exceptId;
}

/** Two saves of one name at once: the unique index (migration 0041) refuses the second, the same 422. */
const nameTakenOnConflict = <T>(work: () => Promise<T>) =>
  uniqueOrFieldError('service_provider_name', PROVIDER_TEXT.nameTaken, work);

async function check(tx: Tx, input: ProviderInputParsed, exceptId?: string) {
  const checks = new FormChecks(tx);
  if (await nameTaken(tx, input.service_provider_name, exceptId))
    checks.fail('service_provider_name', PROVIDER_TEXT.nameTaken);
  await checks.categoriesAndServices(input.categories, input.services);
  checks.done();
}

async function columns(tx: Tx, input: ProviderInputParsed) {
  return {
    name: input.service_provider_name,
    statusCode: input.status_code,
    directorName: input.director_name,
    email: input.email,
    phone: input.phone,
    website: input.website,
    street: input.street,
    suburb: input.suburb,
    state: input.state,
    postcode: input.postcode,
    ...(await locate(tx, input)),
    preferredPostcodes: [...new Set(input.preferred_postcodes)],
    preferredStates: [...new Set(input.preferred_states)],
    notes: input.notes,
  };
}

/** Categories, services and availabilities are replaced as whole sets. */
async function replaceChildren(tx: Tx, tenantId: string, providerId: string, input: ProviderInputParsed) {
  await tx.delete(providerCategories).where(eq(providerCategories.providerId, providerId));
  await tx.delete(providerServices).where(eq(providerServices.providerId, providerId));
  await tx.delete(providerAvailabilities).where(eq(providerAvailabilities.providerId, providerId));
  const cats = [...new Set(input.categories)];
  const svcs = [...new Set(input.services)];
  if (cats.length)
    await tx.insert(providerCategories).values(cats.map((categoryId) => ({ tenantId, providerId, categoryId })));
  if (svcs.length)
    await tx.insert(providerServices).values(svcs.map((serviceId) => ({ tenantId, providerId, serviceId })));
  if (input.availabilities.length)
    await tx.insert(providerAvailabilities).values(
      input.availabilities.map((a) => ({
        tenantId,
        providerId,
        startDate: a.start_date,
        endDate: a.end_date,
        note: a.note,
      })),
    );
}

export const createProvider = (deps: D, tenant: TenantContext, actor: Actor, input: ProviderInputParsed) =>
  nameTakenOnConflict(() =>
    inTenant(deps, tenant.id, async (tx) => {
      await check(tx, input);
      const [row] = await tx
        .insert(serviceProviders)
        .values({ tenantId: tenant.id, ...(await columns(tx, input)) })
        .returning({ id: serviceProviders.id });
      await replaceChildren(tx, tenant.id, row!.id, input);
      return providerView(tx, actor, row!.id);
    }),
  );

export const updateProvider = (deps: D, tenant: TenantContext, actor: Actor, id: string, input: ProviderInputParsed) =>
  nameTakenOnConflict(() =>
    inTenant(deps, tenant.id, async (tx) => {
      await findVisibleProvider(tx, actor, id, true);
      await check(tx, input, id);
      await tx
        .update(serviceProviders)
        .set({ ...(await columns(tx, input)), updatedAt: sql`now()` })
        .where(eq(serviceProviders.id, id));
      await replaceChildren(tx, tenant.id, id, input);
      return providerView(tx, actor, id);
    }),
  );
