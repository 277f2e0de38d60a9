export * from './due-dates.js';
export * from './tasks.js';
