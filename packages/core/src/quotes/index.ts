export * from './money.js';
export * from './quotes.js';
