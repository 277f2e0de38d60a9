export * from './customers.js';
