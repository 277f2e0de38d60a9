export * from './due-dates.js';
export * from './tasks.js';
export * from './task-messages.js';
