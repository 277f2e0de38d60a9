export * from './due-dates.js';
