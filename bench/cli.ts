/** Command-line helpers of the bench and reliability scripts. */

export type NumberKind = 'whole number' | 'positive whole number' | 'positive number';

/** The number after `--name` on the command line, or `fallback`; anything else than a `kind` exits 2. */
export function numberArg(name: string, fallback: number, kind: NumberKind = 'whole number'): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  const ok =
    kind === 'positive number'
      ? Number.isFinite(v) && v > 0
      : Number.isInteger(v) && (kind === 'whole number' ? v >= 0 : v > 0);
  if (!ok) {
    console.error(`--${name} must be a ${kind}`);
    process.exit(2);
  }
  return v;
}

/** A log that prefixes each line with the whole seconds since it was made: `[12s] message`. */
export function elapsedLog(): (m: string) => void {
  const t0 = Date.now();
  return (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)}s] ${m}`);
}
