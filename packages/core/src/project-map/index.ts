export * from './project-map.js';
