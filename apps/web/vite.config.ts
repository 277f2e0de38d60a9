import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Brotli and gzip copies of the build's text files (scripts/precompress.mjs), which the API's
 * static files send to browsers that accept them, so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'siteflow-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/** A vendor group's test: scripts of these packages (their style sheets stay with the app's CSS). */
const nm = (names: string) => {
  const pattern = new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
  return (id: string) => pattern.test(id) && !id.endsWith('.css');
};

/**
 * Vendor chunks for the libraries every screen shares, each in a chunk of its own (cached across
 * releases). Without them the bundler merged small shared modules into whichever chunk fitted: the
 * app's frame imported a 44 kB floating-ui chunk for a 100-byte Mantine helper merged into it.
 * A group also takes the modules its modules import, so only libraries whose imports are leaves
 * (or other groups) are here; the lazily loaded ones (maps, editor, tables, date pickers) stay in
 * the bundler's own chunks, which cannot import each other in a cycle (a group for the editor
 * without its imports made one, and the editor's chunk failed to start).
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: nm('react|react-dom|scheduler'), priority: 50 },
  { name: 'router', test: nm('react-router'), priority: 50 },
  { name: 'query', test: nm('@tanstack'), priority: 50 },
  { name: 'zod', test: nm('zod'), priority: 50 },
  { name: 'floating-ui', test: nm('@floating-ui'), priority: 50 },
  { name: 'dayjs', test: nm('dayjs'), priority: 50 },
  // Icons by the set of screens using them (one small chunk each would mean dozens of requests).
  {
    name: 'icons',
    test: nm('@tabler/icons-react'),
    priority: 20,
    entriesAware: true,
    entriesAwareMergeThreshold: 4096,
  },
];

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunk left is react-dom with the app's frame; everything else loads per screen.
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_CHUNKS } },
      treeshake: {
        // @siteflow/core is pure (no I/O, no globals): a screen carries only the contracts and
        // texts it imports, not the whole package behind its index.
        moduleSideEffects: (id: string) => (id.includes('/packages/core/src/') ? false : undefined),
      },
    },
  },
  server: {
    port: 5173,
    // In development the API (port 3000) answers /api and /documents; tenants use <slug>.localhost:5173.
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/documents': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
