export * from './project-links.js';
