export * from './render.js';
export * from './templates.js';
