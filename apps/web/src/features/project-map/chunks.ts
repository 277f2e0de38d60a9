import { chunk } from '../../ui/lazy-part';

// The map itself (Leaflet) in its own chunk: the app's router fetches it with the screen when the
// page opens on the project map.
export const projectMapCanvasChunk = chunk(() => import('./project-map-canvas'));
