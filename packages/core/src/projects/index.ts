export * from './statuses.js';
export * from './texts.js';
export * from './dates.js';
export * from './services-pruning.js';
export * from './code.js';
export * from './contracts.js';
export * from './provider-card.js';
export * from './visibility.js';
