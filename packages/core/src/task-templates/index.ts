export * from './task-templates.js';
