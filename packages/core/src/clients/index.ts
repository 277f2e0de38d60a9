export * from './clients.js';
export * from './sort.js';
