/**
 * `npm run backup -- <file> [--no-files]`: a consistent backup of the database (DATABASE_URL, or
 * the embedded server in DATA_DIR, running or not) and of the uploaded files in DATA_DIR/files,
 * in one gzip'd archive. See backup-archive.ts for the format and docs/operations.md.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backup, embeddedOwnerUrl } from './backup-archive.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run backup -- <file> [--no-files]');
  process.exit(2);
}
const log = (m: string) => console.log(m);
try {
  const config = loadConfig();
  const db = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => undefined }
    : await embeddedOwnerUrl(config.dataDir, log);
  try {
    await backup(
      db.url,
      path.resolve(file),
      args.includes('--no-files') ? null : path.join(config.dataDir, 'files'),
      log,
    );
  } finally {
    await db.stop();
  }
} catch (error) {
  console.error(
    `Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
