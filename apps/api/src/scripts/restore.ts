/**
 * `npm run restore -- <file> [--no-files]`: restore a backup onto an EMPTY database (DATABASE_URL,
 * or a fresh embedded server in DATA_DIR) and the files into DATA_DIR/files, then compare every
 * table's row count and checksum with the backup's manifest. Exit 1 on any difference.
 */
import { restore } from './backup-archive.js';
import { runArchiveCommand } from './archive-command.js';

await runArchiveCommand('restore', async ({ url, file, filesDir, log }) => {
  const r = await restore(url, file, filesDir, log);
  if (r.mismatches.length) {
    console.error(`Restored, but ${r.mismatches.length} differ from the backup:\n  ${r.mismatches.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Restored ${r.tables} tables (${r.rows} rows) and ${r.files} files; every row count and checksum matches the backup.`,
    );
  }
});
