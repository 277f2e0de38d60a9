// The database schema, one file per feature under schema/ (column helpers in schema/columns.ts).
// Import tables from here; drizzle-kit reads this file (apps/api/drizzle.config.ts) to generate
// the migrations, so a new schema file must be re-exported below.
export * from './schema/tenancy.js';
export * from './schema/mail.js';
export * from './schema/clients.js';
export * from './schema/reference.js';
export * from './schema/providers.js';
export * from './schema/projects.js';
export * from './schema/project-links.js';
export * from './schema/project-providers.js';
export * from './schema/search.js';
export * from './schema/geo.js';
export * from './schema/certificates.js';
export * from './schema/task-templates.js';
export * from './schema/messages.js';
export * from './schema/tasks.js';
export * from './schema/catalogue.js';
export * from './schema/quotes.js';
export * from './schema/quote-requests.js';
export * from './schema/agreements.js';
export * from './schema/finance.js';
