import { chunk } from '../../ui/lazy-part';

// Both carry Leaflet: fetched on demand, each in its own chunk (the app's router fetches the
// service-provider part with the project page it opens on).
export const providerPartChunk = chunk(() => import('./provider-part'));
export const directionMapChunk = chunk(() => import('./direction-map'));
