import { describe, expect, it } from 'vitest';

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

// The texts and labels the sign-in screens and the signed-in frame read from core live in modules
// without zod: a module travels whole into the web chunk of any screen that uses one of its exports,
// and its schemas bring zod (26 kB gzipped) with them. Terms and policies' link (SETTING_TEXT)
// once put zod on the sign-in page (167.5 kB gzipped against the 150 kB of issue 11).
const ZOD_FREE = [
  './auth/messages.ts',
  './settings/texts.ts',
  './roles/names.ts',
  './search/texts.ts',
  './projects/sorts.ts',
  './projects/statuses.ts',
  './tasks/filtered-views.ts',
  './clients/sort.ts',
];

/** Core's sources by path ('./settings/texts.ts'), read by Vite (core does no I/O of its own). */
const SOURCES = import.meta.glob('./**/*.ts', { query: '?raw', import: 'default', eager: true });

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
/** A relative import from `dir`, as a key of SOURCES. */
function resolve(dir: string, spec: string): string {
  const parts = dir.split('/');
  for (const part of spec.replace(/\.js$/, '.ts').split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The modules a module imports at run time (type-only imports are erased), followed through core. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = SOURCES[file];
  if (source === undefined) throw new Error(`no source for ${file}`);
  for (const [, spec] of source.matchAll(/^import (?!type\b)[^;]*?from '([^']+)'/gms)) {
    if (!spec!.startsWith('.')) seen.add(spec!);
    else runtimeImports(resolve(dirOf(file), spec!), seen);
  }
  return seen;
}

describe('modules the first screens read stay free of zod', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through core', (file) => {
    expect([...runtimeImports(file)].filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
  });

  it('sees a zod import where there is one', () => {
    expect(runtimeImports('./settings/settings.ts').has('zod')).toBe(true);
  });
});
