// Placeholder exports until the screens land (replaced by the providers screens).
const Pending = () => null;
export const ProviderListScreen = Pending;
export const ProviderShowScreen = Pending;
export const ProviderSetupScreen = Pending;
export const ProviderSearchScreen = Pending;
