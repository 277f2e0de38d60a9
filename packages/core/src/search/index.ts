export * from './search.js';
export * from './texts.js';
