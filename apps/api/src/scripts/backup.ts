/**
 * `npm run backup -- <file> [--no-files]`: a consistent backup of the database (DATABASE_URL, or
 * the embedded server in DATA_DIR, running or not) and of the uploaded files in DATA_DIR/files,
 * in one gzip'd archive. See backup-archive.ts for the format and docs/operations.md.
 */
import { backup } from './backup-archive.js';
import { runArchiveCommand } from './archive-command.js';

await runArchiveCommand('backup', async ({ url, file, filesDir, log }) => {
  await backup(url, file, filesDir, log);
});
