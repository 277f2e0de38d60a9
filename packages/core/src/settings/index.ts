export * from './settings.js';
export * from './texts.js';
