/**
 * The service-provider operations the routes call, in three parts: reads (list, show page, picker)
 * in read.ts, create and edit in write.ts, and the provider's users in provider-users.ts.
 */
export {
  findVisibleProvider,
  getProvider,
  listProviders,
  presentProviderUser,
  providerOptions,
  providerView,
} from './read.js';
export { createProvider, updateProvider } from './write.js';
export { createProviderUser, setProviderUserActive, updateProviderUser } from './provider-users.js';
