export * from './staff.js';
