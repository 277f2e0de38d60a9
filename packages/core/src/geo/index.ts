export * from './geo.js';
export * from './routing.js';
