export * from './fields.js';
export * from './uploads.js';
