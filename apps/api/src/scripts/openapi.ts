import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../platform/clock.js';
import { createDb } from '../platform/db/client.js';
import { diskFileStore } from '../platform/files.js';
import { createOutbox } from '../platform/mail.js';

export const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');

/** The OpenAPI document as generated from the zod contracts (no database is touched). */
export async function generateOpenApi(): Promise<string> {
  const { db, pool } = createDb('postgres://nobody@127.0.0.1:1/none', 1);
  const app = await buildApp(
    {
      config: loadConfig({}),
      db,
      clock: systemClock,
      outbox: createOutbox(async () => undefined),
      files: diskFileStore('/nonexistent'),
      jobs: { enqueue: async () => undefined },
    },
    { serveWeb: false },
  );
  await app.ready();
  const doc = JSON.stringify(app.swagger(), null, 2) + '\n';
  await app.close();
  await pool.end();
  return doc;
}
