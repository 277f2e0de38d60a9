export * from './format.js';
export * from './wall-clock.js';
