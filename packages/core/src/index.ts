export * from './common/index.js';
export * from './format/index.js';
export * from './roles/index.js';
export * from './auth/index.js';
export * from './customers/index.js';
export * from './staff/index.js';
export * from './settings/index.js';
export * from './mailbox/index.js';
