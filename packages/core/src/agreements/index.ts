export * from './agreements.js';
