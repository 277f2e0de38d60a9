export * from './messages.js';
export * from './contracts.js';
