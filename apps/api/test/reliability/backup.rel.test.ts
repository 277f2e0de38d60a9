/**
 * Backup and restore (issue 9): `npm run backup` of a running server with the demo data and an
 * uploaded picture, `npm run restore` onto a fresh server, identical row counts and checksums in
 * every table, and the app works on the restored data.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedOwnerUrl, readManifest, summarizeAll, type TableSummary } from '../../src/scripts/backup-archive.js';
import {
  DEMO_HOST,
  DEMO_PASSWORD,
  DEMO_USERS,
  httpCall,
  ROOT,
  signInHttp,
  spawnApi,
  tempDir,
  type ApiProcess,
} from './processes.js';
import { staffWithPicture } from './staff-form.js';

let dir: string;
let src: string;
let dst: string;
let archive: string;
const running: ApiProcess[] = [];

beforeAll(async () => {
  dir = await tempDir('siteflow-backup-');
  src = path.join(dir, 'src');
  dst = path.join(dir, 'dst');
  archive = path.join(dir, 'siteflow.backup.gz');
});
afterAll(async () => {
  for (const api of running) await api.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

function npmScript(script: 'backup' | 'restore', dataDir: string, file: string) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, `apps/api/src/scripts/${script}.ts`), file],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function pictureUpload(api: ApiProcess, cookie: string): Promise<string> {
  const form = await staffWithPicture({ first_name: 'Backed', last_name: 'Up', email: 'backed.up@demo.test' }, 6);
  const res = await httpCall(api.port, DEMO_HOST, 'POST', '/api/staff', { cookie, ...form });
  expect(res.status).toBe(201);
  return res.json.staff.profile_picture_path as string;
}

describe('backup and restore', () => {
  it('a backup of a running server restores onto a fresh one with identical row counts and checksums, files included', async () => {
    const api = await spawnApi({ DATA_DIR: src, SEED_DEMO: 'true' });
    running.push(api);
    const cookie = await signInHttp(api.port, DEMO_HOST, DEMO_USERS.staff, DEMO_PASSWORD);
    const picturePath = await pictureUpload(api, cookie);
    const picture = (await httpCall(api.port, DEMO_HOST, 'GET', picturePath, { cookie })).raw;
    const projects = (await httpCall(api.port, DEMO_HOST, 'GET', '/api/projects?pageSize=1', { cookie })).json
      .total as number;
    expect(projects).toBeGreaterThan(0);

    // Hot: the app keeps running while the backup reads one snapshot.
    const b = npmScript('backup', src, archive);
    expect(b.out).toMatch(/Backed up \d+ tables/);
    expect(b.status).toBe(0);
    await api.stop();

    const manifest = await readManifest(archive);
    expect(manifest.files.length).toBeGreaterThan(0);
    const source = await embeddedOwnerUrl(src, () => undefined);
    let before: TableSummary[];
    try {
      before = await summarizeAll(source.url);
    } finally {
      await source.stop();
    }
    expect(before.length).toBeGreaterThan(20);
    expect(manifest.tables).toEqual(before);

    const r = npmScript('restore', dst, archive);
    expect(r.out).toMatch(/every row count and checksum matches the backup/);
    expect(r.status).toBe(0);

    const restored = await embeddedOwnerUrl(dst, () => undefined);
    let after: TableSummary[];
    try {
      after = await summarizeAll(restored.url);
    } finally {
      await restored.stop();
    }
    // Every table, with its rows and checksum, exactly as it was.
    expect(after).toEqual(before);
    expect(after.reduce((n, t) => n + t.rows, 0)).toBeGreaterThan(1000);

    // Restoring onto a database that is not empty is refused.
    const again = npmScript('restore', dst, archive);
    expect(again.status).toBe(1);
    expect(again.out).toContain('the database is not empty');

    // The app runs on the restored data: same sign-in, same projects, the picture is there.
    const back = await spawnApi({ DATA_DIR: dst, SEED_DEMO: 'false' });
    running.push(back);
    const cookie2 = await signInHttp(back.port, DEMO_HOST, DEMO_USERS.staff, DEMO_PASSWORD);
    expect(
      (await httpCall(back.port, DEMO_HOST, 'GET', '/api/projects?pageSize=1', { cookie: cookie2 })).json.total,
    ).toBe(projects);
    const restoredPicture = await httpCall(back.port, DEMO_HOST, 'GET', picturePath, { cookie: cookie2 });
    expect(restoredPicture.status).toBe(200);
    expect(restoredPicture.raw.equals(picture)).toBe(true);
  });
});
