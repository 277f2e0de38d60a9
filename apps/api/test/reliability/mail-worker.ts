/**
 * A mail worker on its own, as an API process runs it (platform/jobs.ts with work: true and the
 * SMTP transport), for mail-kill.ts to kill with SIGKILL and start again. Environment:
 * OWNER_URL (pg-boss), APP_DATABASE_URL (the request role, for the outbox), SMTP_URL, MAIL_FROM.
 */
import { createDb } from '../../src/platform/db/client.js';
import { startJobs } from '../../src/platform/jobs.js';
import { smtpTransport } from '../../src/platform/mail.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

const { db } = createDb(env('APP_DATABASE_URL'), 5);
await startJobs({
  ownerUrl: env('OWNER_URL'),
  db,
  transport: smtpTransport(env('SMTP_URL')),
  mailFrom: process.env.MAIL_FROM ?? 'Siteflow <no-reply@siteflow.test>',
  work: true,
});
console.log('mail worker ready');
