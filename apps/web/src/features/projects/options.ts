/** Select options of the project forms. */
export type Option = { value: string; label: string };

/** The options plus any current value missing from them (deactivated since), each once. */
export function withCurrent(options: Option[], current: Option[]): Option[] {
  const seen = new Set(options.map((o) => o.value));
  const extra = current.filter((o) => !seen.has(o.value) && (seen.add(o.value), true));
  return [...options, ...extra];
}

export const personOptions = (list: { id: string; full_name: string }[]): Option[] =>
  list.map((p) => ({ value: p.id, label: p.full_name }));

export const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** The value if it is among the options, else null (defaults that may not apply). */
export const ifOffered = (options: Option[], value: string | null | undefined) =>
  value && options.some((o) => o.value === value) ? value : null;
