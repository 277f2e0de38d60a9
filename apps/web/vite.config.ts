import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
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

/** Set while the chunk plan's own build runs (`pageChunks`): that build uses the bundler's chunks. */
const PLAN_BUILD = 'SITEFLOW_CHUNK_PLAN';
const planning = () => process.env[PLAN_BUILD] === '1';

const srcFile = (rel: string) => path.join(root, 'src', rel);

type Chunk = Rolldown.OutputChunk;
type PageSets = { app: Set<string>; shared: Set<string>; signIn: Set<string>; frame: Set<string> };

/** The sign-in screens' module and the first signed-in page's (frame, projects list, its prefetch). */
const SIGN_IN_ROOTS = ['features/auth/index.ts'];
const FRAME_ROOTS = [
  'app/signed-in.ts',
  'features/projects/project-list-screen.tsx',
  'features/projects/list-prefetch.ts',
];

/**
 * Which modules go to which page chunk, from a build with the bundler's own chunks: the chunks a
 * page imports statically (after tree shaking, so a barrel like `@mantine/core` brings only the
 * components the page uses) and the modules in them.
 */
async function planPageChunks(): Promise<PageSets> {
  process.env[PLAN_BUILD] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ configFile: fileURLToPath(import.meta.url), logLevel: 'silent', build: { write: false } });
  } finally {
    delete process.env[PLAN_BUILD];
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Chunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (roots: Chunk[]) => {
    const seen = new Set<Chunk>();
    const queue = [...roots];
    for (let c = queue.pop(); c; c = queue.pop()) {
      if (seen.has(c)) continue;
      seen.add(c);
      queue.push(...c.imports.flatMap((f) => byFile.get(f) ?? []));
    }
    return seen;
  };
  const rootChunk = (rel: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === srcFile(rel));
    if (!chunk) throw new Error(`vite.config.ts: no chunk starts at src/${rel}; update the page chunk roots`);
    return chunk;
  };
  const modules = (cs: Iterable<Chunk>, without: Set<string>[] = []) =>
    new Set(
      [...cs].flatMap((c) => c.moduleIds).filter((id) => !id.endsWith('.css') && !without.some((w) => w.has(id))),
    );
  const app = modules(closure(chunks.filter((c) => c.isEntry)));
  app.delete(srcFile('main.tsx'));
  const signInRoots = SIGN_IN_ROOTS.map(rootChunk);
  const signInAll = modules(closure(signInRoots), [app, modules(signInRoots)]);
  const frameAll = modules(closure(FRAME_ROOTS.map(rootChunk)), [app]);
  const shared = new Set([...signInAll].filter((id) => frameAll.has(id)));
  return {
    app,
    shared,
    signIn: new Set([...signInAll].filter((id) => !shared.has(id))),
    frame: new Set([...frameAll].filter((id) => !shared.has(id))),
  };
}

/**
 * The app's style sheet and entry script moved from the head into the body, after the loading
 * spinner (styled inline) and before `#root`: a style sheet in the body holds back only what
 * follows it, so the spinner paints as soon as the HTML arrives instead of after the style sheet
 * (30 kB brotli). The entry, a module script after the style sheet, still runs only once the
 * styles are in (the app never draws unstyled), and the style elements React renders into `#root`
 * (Mantine's theme variables, responsive props) still come after the style sheet, as they did with
 * it in the head.
 */
function paintFirst(html: string): string {
  const tags = [
    ...html.matchAll(/\s*<link rel="stylesheet"[^>]*>/g),
    ...html.matchAll(/\s*<script type="module"[^>]*><\/script>/g),
  ].map((m) => m[0]);
  const root = '<div id="root"></div>';
  if (tags.length < 2 || !html.includes(root))
    throw new Error('vite.config.ts: the built index.html has no style sheet, entry script or #root to order');
  const moved = tags.reduce((h, tag) => h.replace(tag, ''), html);
  return moved.replace(root, `${tags.map((t) => t.trim()).join('\n    ')}\n    ${root}`);
}

/** The app's HTML for a browser with a session cookie (the API sends it then): see `signedInHtml`. */
const SIGNED_IN_HTML = 'index.signed-in.html';

/**
 * `index.html` with the signed-in frame's chunks (`frame-lib` and what it imports) and style sheet
 * preloaded: the browser fetches them with the entry instead of after the entry has run and the
 * router has asked for the frame. Sent only to browsers with a session cookie, so the sign-in page
 * does not share its bandwidth with code it does not run.
 */
function signedInHtml(html: string, bundle: Rolldown.OutputBundle): string {
  const files = Object.values(bundle);
  const frame = files.find((f) => f.type === 'chunk' && f.moduleIds.includes(srcFile('app/signed-in.ts')));
  if (!frame || frame.type !== 'chunk') throw new Error('vite.config.ts: no chunk holds src/app/signed-in.ts');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const queue = [frame.fileName];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || scripts.has(name)) continue;
    scripts.add(name);
    chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    queue.push(...chunk.imports);
  }
  const links = [
    ...[...styles]
      .filter((f) => !html.includes(`/${f}"`))
      .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...[...scripts]
      .filter((f) => !html.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * The first two pages' code in a few chunks instead of dozens: left to the bundler, every Mantine
 * component and small module shared by two screens became a chunk of its own, and a cold load of
 * the projects list fetched about 75 files, a round trip each over HTTP/1.1 (most of the LCP in
 * Lighthouse's mobile simulation).
 * - `app`: the entry's modules (the entry chunk itself keeps only `main.tsx`);
 * - `ui-lib`: what the sign-in screens and the signed-in frame both import beyond that (Mantine's
 *   inputs, buttons, layout);
 * - `sign-in-lib`: what only the sign-in screens import (the form library, among others);
 * - `frame-lib`: what only the signed-in frame and the projects list (the first signed-in page)
 *   import, loaded by every signed-in page.
 * Modules only other screens use stay in the bundler's chunks, which import these. The sets come
 * from a first build with the bundler's own chunks (`planPageChunks`, about 3 s).
 */
function pageChunks() {
  let sets: PageSets | null = null;
  // A group also takes the modules its modules import; the higher priorities claim the entry's
  // and the sign-in page's modules first, so the frame's group cannot pull them in (which would
  // make the entry import the frame's chunk).
  const group = (name: string, set: keyof PageSets, priority: number) => ({
    debugName: name,
    priority,
    name: (id: string) => (sets?.[set].has(id) ? name : null),
  });
  const plugin: Plugin = {
    name: 'siteflow-page-chunks',
    apply: 'build',
    async buildStart() {
      sets = planning() ? null : await planPageChunks();
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
        html.source = paintFirst(html.source);
        this.emitFile({ type: 'asset', fileName: SIGNED_IN_HTML, source: signedInHtml(html.source, bundle) });
      },
    },
  };
  return {
    plugin,
    groups: [
      group('app', 'app', 14),
      group('ui-lib', 'shared', 13),
      group('sign-in-lib', 'signIn', 12),
      group('frame-lib', 'frame', 10),
    ],
  };
}

const pages = pageChunks();

export default defineConfig({
  root,
  plugins: planning() ? [react()] : [react(), precompress(), pages.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunks are two libraries that load only on their screens: the finance report's
    // chart (recharts, about 465 kB minified, 130 kB gzipped) and the rich-text editor (tiptap,
    // about 455 kB, 140 kB gzipped). The limit sits above them so that `npm start` prints no
    // warning; a new chunk past it is a chunk to split. Goal 4 of issue 11 (no route above 450 kB
    // gzipped) is checked by `npm run bench:web`.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: { codeSplitting: { groups: planning() ? VENDOR_CHUNKS : [...VENDOR_CHUNKS, ...pages.groups] } },
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
