import { chunk } from '../../ui/lazy-part';

// The maps (Leaflet) of the provider screens, each in its own chunk: the app's router fetches the
// screen's map with the screen when the page opens on it.
export const searchMapChunk = chunk(() => import('./search-map'));
export const providerMapChunk = chunk(() => import('./provider-map'));
