/**
 * `npm run restore -- <file> [--no-files]`: restore a backup onto an EMPTY database (DATABASE_URL,
 * or a fresh embedded server in DATA_DIR) and the files into DATA_DIR/files, then compare every
 * table's row count and checksum with the backup's manifest. Exit 1 on any difference.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { embeddedOwnerUrl, restore } from './backup-archive.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <file> [--no-files]');
  process.exit(2);
}
const log = (m: string) => console.log(m);
try {
  const config = loadConfig();
  const db = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => undefined }
    : await embeddedOwnerUrl(config.dataDir, log);
  try {
    const r = await restore(
      db.url,
      path.resolve(file),
      args.includes('--no-files') ? null : path.join(config.dataDir, 'files'),
      log,
    );
    if (r.mismatches.length) {
      console.error(`Restored, but ${r.mismatches.length} differ from the backup:\n  ${r.mismatches.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Restored ${r.tables} tables (${r.rows} rows) and ${r.files} files; every row count and checksum matches the backup.`,
      );
    }
  } finally {
    await db.stop();
  }
} catch (error) {
  console.error(
    `Restore failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
