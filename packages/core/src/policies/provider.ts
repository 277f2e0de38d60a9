import { can } from '../roles/can.js';
import { isProviderRole } from '../roles/roles.js';
import type { PolicyActor } from './actor.js';

export type ProviderResource = { id: string };
export type ProviderAction = 'view' | 'edit';

/** A provider user sees only their own provider; staff see every provider of the tenant. */
export const seesProvider = (actor: Pick<PolicyActor, 'role' | 'providerId'>, provider: ProviderResource) =>
  !isProviderRole(actor.role) || (!!actor.providerId && actor.providerId === provider.id);

export function canOnProvider(actor: PolicyActor, action: ProviderAction, provider: ProviderResource): boolean {
  if (!seesProvider(actor, provider)) return false;
  return can(actor, action === 'view' ? 'providers.view' : 'providers.manage');
}

/** The abilities a provider view carries. */
export const providerAbilities = (actor: PolicyActor, provider: ProviderResource) => ({
  edit: canOnProvider(actor, 'edit', provider),
});
