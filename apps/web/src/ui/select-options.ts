/** A Select's data from plain values, each its own label (a value list of core, e.g. ACTION_BY). */
export const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
