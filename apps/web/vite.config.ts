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
 * Vendor chunks: each library in a chunk of its own, cached across releases, so a screen loads only
 * the libraries it uses (sign-in: React, the router, TanStack Query, the Mantine parts of its form).
 * Without them the bundler merges small shared modules into whichever chunk fits, and the app's
 * frame ended up importing a 44 kB floating-ui chunk for a 100-byte Mantine helper it shared.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: nm('react|react-dom|scheduler'), priority: 50 },
  { name: 'router', test: nm('react-router'), priority: 50 },
  { name: 'query', test: nm('@tanstack'), priority: 50 },
  { name: 'zod', test: nm('zod'), priority: 50 },
  { name: 'floating-ui', test: nm('@floating-ui'), priority: 50 },
  { name: 'dayjs', test: nm('dayjs'), priority: 50 },
  // Libraries built on Mantine: only their own modules (a group takes the modules its modules
  // import unless told not to, and would carry Mantine's core into the sign-in page).
  { name: 'dates', test: nm('@mantine/dates'), priority: 40, includeDependenciesRecursively: false },
  { name: 'datatable', test: nm('mantine-datatable'), priority: 40, includeDependenciesRecursively: false },
  {
    name: 'leaflet',
    test: nm('leaflet|react-leaflet|@react-leaflet'),
    priority: 40,
    includeDependenciesRecursively: false,
  },
  {
    name: 'editor',
    test: nm('@tiptap|prosemirror-[a-z]+|@mantine/tiptap|linkifyjs|orderedmap|rope-sequence|w3c-keyname'),
    priority: 40,
    includeDependenciesRecursively: false,
  },
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
