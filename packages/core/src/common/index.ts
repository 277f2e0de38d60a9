export * from './dates.js';
export * from './fields.js';
export * from './uploads.js';
