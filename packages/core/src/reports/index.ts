export * from './finance-report.js';
