export * from './quote-requests.js';
