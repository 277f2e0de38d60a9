// `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript 7 (the
// native compiler, package alias `typescript-7`): 25 s here against 61 s with TypeScript 6's tsc.
// TypeScript 6 (`typescript`) stays installed for what needs its JavaScript API: typescript-eslint's
// type-aware rules, and editors. Both read the same tsconfig files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const TSC = path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
const PROJECTS = ['packages/core', 'apps/api', 'apps/web', 'e2e', 'bench'];

let failed = 0;
for (const project of PROJECTS) {
  const r = spawnSync(process.execPath, [TSC, '-p', project], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
