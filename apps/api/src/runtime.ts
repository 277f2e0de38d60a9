import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import type { Config } from './config.js';
import { systemClock } from './platform/clock.js';
import type { Deps } from './platform/context.js';
import { APP_ROLE_SETTINGS, ensureAppRole, runMigrations, startEmbeddedPostgres } from './platform/db/bootstrap.js';
import { createDb } from './platform/db/client.js';
import { diskFileStore } from './platform/files.js';
import { startJobs } from './platform/jobs.js';
import { channelTransport, createOutbox, mailboxTransport, smtpTransport } from './platform/mail.js';
import { smsGatewayTransport } from './platform/sms.js';
import { seed, type SeedReport } from './seed/demo.js';
import { loadGazetteer } from './features/geo/load-gazetteer.js';
import { featureJobs } from './features/jobs.js';

/** Connections of the request role's pool in each server process. */
export const REQUEST_POOL_SIZE = 20;

export type Runtime = {
  app: FastifyInstance;
  deps: Deps;
  ownerUrl: string;
  seeded: SeedReport;
  close: () => Promise<void>;
};

/** Everything `npm start` needs: database (embedded unless DATABASE_URL), migrations, jobs, seed and the app. */
export async function startRuntime(
  config: Config,
  log: (msg: string) => void,
  options: AppOptions = {},
): Promise<Runtime> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
  const ownerUrl = config.databaseUrl ?? embedded!.url;
  try {
    await runMigrations(ownerUrl);
    await loadGazetteer(ownerUrl, log);
    const appDbUrl = config.appDatabaseUrl ?? (await ensureAppRole(ownerUrl));
    // A request role we did not set up may lack the limits ensureAppRole gives it: send them per connection.
    const { db, pool } = createDb(appDbUrl, {
      max: REQUEST_POOL_SIZE,
      tenantShare: Math.min(config.dbCompanyShare, REQUEST_POOL_SIZE),
      log,
      ...(config.appDatabaseUrl ? { settings: { ...APP_ROLE_SETTINGS } } : {}),
    });
    // Each channel goes out when its service is configured and lands in the built-in mailbox otherwise.
    const mailbox = mailboxTransport(db);
    const transport = channelTransport({
      email: config.smtpUrl ? smtpTransport(config.smtpUrl) : mailbox,
      sms: config.sms.gateway ? smsGatewayTransport(config.sms.gateway) : mailbox,
    });
    const jobs = await startJobs({
      ownerUrl,
      db,
      transport,
      mailFrom: config.mailFrom,
      smsFrom: config.sms.from,
      smsCountry: config.sms.country,
      work: true,
      appUrl: config.appUrl,
      jobs: featureJobs,
      log,
    });
    const deps: Deps = {
      config,
      db,
      clock: systemClock,
      outbox: createOutbox(jobs.enqueue, { smsCountry: config.sms.country }),
      files: diskFileStore(path.join(config.dataDir, 'files')),
      jobs: { enqueue: jobs.enqueue },
    };
    const seeded = await seed(deps);
    const app = await buildApp(deps, options);
    const close = async () => {
      await app.close();
      await jobs.stop();
      await pool.end();
      await embedded?.stop();
    };
    return { app, deps, ownerUrl, seeded, close };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
