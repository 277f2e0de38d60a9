/**
 * The backup archive's format (described in backup-archive.ts): the magic line, the manifest, and
 * the frame reader that restore and readManifest use.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

export const MAGIC = 'siteflow-backup 1';

export type TableSummary = { name: string; rows: number; checksum: string };
export type Manifest = {
  createdAt: string;
  server: string;
  /** Migrations applied (drizzle's journal: the count and the last one's timestamp). */
  migrations: { count: number; lastCreatedAt: number | null };
  tables: TableSummary[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  files: { path: string; bytes: number; sha256: string }[];
};

/** Reads the archive's frames: lines and exact byte counts from one gunzip stream. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly it: AsyncIterator<Buffer>;
  constructor(stream: NodeJS.ReadableStream) {
    this.it = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }
  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const n = await this.it.next();
    if (n.done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, n.value]) : n.value;
    return true;
  }
  async line(): Promise<string> {
    for (;;) {
      const i = this.buf.indexOf(10);
      if (i >= 0) {
        const s = this.buf.subarray(0, i).toString('utf8');
        this.buf = this.buf.subarray(i + 1);
        return s;
      }
      if (!(await this.more())) throw new Error('the backup file is truncated');
    }
  }
  async bytes(n: number): Promise<Buffer> {
    while (this.buf.length < n) if (!(await this.more())) throw new Error('the backup file is truncated');
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
}

/** Read only the manifest of an archive. */
export async function readManifest(file: string): Promise<Manifest> {
  const reader = new FrameReader(fs.createReadStream(file).pipe(zlib.createGunzip()));
  if ((await reader.line()) !== MAGIC) throw new Error(`${file} is not a Siteflow backup`);
  return JSON.parse(await reader.line()) as Manifest;
}
