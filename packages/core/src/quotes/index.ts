export * from './money.js';
export * from './quotes.js';
export * from './files.js';
export * from './client.js';
