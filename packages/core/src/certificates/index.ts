export * from './certificates.js';
