import { useEffect, useState } from 'react';

/** How long 'Saved', 'Completed' and 'Restored' stay on their buttons (spec 2 section 9). */
export const BUTTON_RESET_MS = 3000;

/** A button's three labels: idle, while the request runs, and for 3 s after it succeeded. */
export const CYCLES = {
  save: ['Save', 'Saving...', 'Saved'],
  complete: ['Complete', 'Completing...', 'Completed'],
  restore: ['Restore', 'Restoring...', 'Restored'],
} as const;

/** A button's label cycle: `busy` while its request runs, then the done label for 3 s. */
export function useCycle(labels: readonly [string, string, string], busy: boolean) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), BUTTON_RESET_MS);
    return () => clearTimeout(timer);
  }, [done]);
  return {
    label: busy ? labels[1] : done ? labels[2] : labels[0],
    done,
    succeeded: () => setDone(true),
  };
}
