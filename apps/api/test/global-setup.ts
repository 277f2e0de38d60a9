import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureAppRole, runMigrations, startEmbeddedPostgres, type Embedded } from '../src/platform/db/bootstrap.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migration owner (superuser on the embedded server): for test setup only. */
    ownerUrl: string;
    /** The request role (siteflow_app): what the app under test connects as. */
    appUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: the embedded server in a fresh temp dir, or the server
 * named by DATABASE_URL. Migrations and the app role are applied once, here.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  let dir: string | null = null;
  let embedded: Embedded | null = null;
  try {
    if (!external) {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'siteflow-int-'));
      // As root the server runs as the 'postgres' user, which must be able to reach its data dir inside.
      await fs.chmod(dir, 0o711);
      // Report the server's errors; skip its progress notes.
      embedded = await startEmbeddedPostgres(dir, (msg) => {
        if (msg.startsWith('postgres:')) console.error(msg);
      });
    }
    const ownerUrl = external ?? embedded!.url;
    await runMigrations(ownerUrl);
    const appUrl = process.env.APP_DATABASE_URL ?? (await ensureAppRole(ownerUrl));
    project.provide('ownerUrl', ownerUrl);
    project.provide('appUrl', appUrl);
  } catch (error) {
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }

  return async () => {
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}
