export * from './clients.js';
