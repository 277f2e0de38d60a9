export * from './bom.js';
