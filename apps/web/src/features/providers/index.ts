export { ProviderListScreen } from './provider-list-screen';
export { ProviderShowScreen } from './provider-show-screen';
export { ProviderSetupScreen } from './provider-setup-screen';
export { ProviderSearchScreen } from './provider-search-screen';
