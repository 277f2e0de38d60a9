export * from './mailbox.js';
