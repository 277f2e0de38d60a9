// The command line that `npm run backup` and `npm run restore` share.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { embeddedOwnerUrl } from './backup-archive.js';

/** Where an archive command works: the database, the archive file and the files folder (null: --no-files). */
type ArchiveTarget = { url: string; file: string; filesDir: string | null; log: (m: string) => void };

/**
 * Runs `npm run <command> -- <file> [--no-files]` against DATABASE_URL, or the embedded server in
 * DATA_DIR (stopped again afterwards), with the files in DATA_DIR/files. Exits 2 on a usage
 * error and 1 with '<Command> failed: <why>' when `work` (or the configuration) fails.
 */
export async function runArchiveCommand(
  command: 'backup' | 'restore',
  work: (target: ArchiveTarget) => Promise<void>,
): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error(`Usage: npm run ${command} -- <file> [--no-files]`);
    process.exit(2);
  }
  const log = (m: string) => console.log(m);
  try {
    const config = loadConfig();
    const db = config.databaseUrl
      ? { url: config.databaseUrl, stop: async () => undefined }
      : await embeddedOwnerUrl(config.dataDir, log);
    try {
      const filesDir = args.includes('--no-files') ? null : path.join(config.dataDir, 'files');
      await work({ url: db.url, file: path.resolve(file), filesDir, log });
    } finally {
      await db.stop();
    }
  } catch (error) {
    const why = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${why}`);
    process.exit(1);
  }
}
