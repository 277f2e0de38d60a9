export * from './map-view';
