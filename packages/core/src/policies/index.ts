export * from './actor.js';
export * from './project.js';
export * from './provider.js';
export * from './certificate.js';
export * from './staff.js';
