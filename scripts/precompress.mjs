// Precompression of the built web app (issue 11): a brotli (.br, quality 11) and a gzip (.gz,
// level 9) copy beside every text file larger than 1 kB, kept only when smaller than the file.
// The API's static files send them to browsers that accept them (@fastify/static preCompressed),
// so nothing is compressed per request. Run by the web build (apps/web/vite.config.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|geojson|txt|xml|webmanifest)$/;
export const MIN_BYTES = 1024;

/** Writes the .br and .gz copies for every compressible file under `dir`; answers the files written. */
export async function precompressDir(dir) {
  const files = (await fs.readdir(dir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
  const written = [];
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const body = await fs.readFile(full);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      if (br.length < body.length) {
        await fs.writeFile(`${full}.br`, br);
        written.push(`${file}.br`);
      }
      if (gz.length < body.length) {
        await fs.writeFile(`${full}.gz`, gz);
        written.push(`${file}.gz`);
      }
    }),
  );
  return written.sort();
}
