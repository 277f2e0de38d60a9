export * from './statuses.js';
export * from './texts.js';
export * from './contracts.js';
