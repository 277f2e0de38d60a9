export * from './tasks.js';
export * from './task-messages.js';
export * from './storyboard.js';
export * from './filtered-views.js';
