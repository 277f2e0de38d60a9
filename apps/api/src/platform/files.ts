import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; an S3-compatible store can implement the same shape. */
export type FileStore = {
  put(data: Buffer, extension: string): Promise<string>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export function diskFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!KEY.test(key)) throw new Error('bad file key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(data, extension) {
      // Names are generated here, never taken from the user.
      const key = `${crypto.randomUUID()}.${extension.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data, { mode: 0o640 });
      return key;
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
