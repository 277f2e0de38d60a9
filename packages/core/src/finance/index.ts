export * from './finance.js';
export * from './pull.js';
