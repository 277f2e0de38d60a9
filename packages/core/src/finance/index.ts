export * from './finance.js';
