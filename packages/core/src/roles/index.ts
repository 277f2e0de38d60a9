export * from './roles.js';
export * from './can.js';
