/**
 * Checking a field when it loses focus, without losing the click that took the focus away.
 *
 * Pressing a button blurs the field first; the field's message then appears and moves what is
 * below it, so the button is no longer under the pointer when it is released and the click goes
 * nowhere (a review: 'Add Contact' did nothing after an empty Order Reference). While a pointer is
 * pressed, the check waits until just after the release (and the click it makes); from the keyboard
 * it runs at once, as before. A press that submits the form drops the waiting checks (the submit
 * checks every field).
 *
 * Forms that check on blur pass it to Mantine's useForm:
 *   useForm({ validateInputOnBlur: true, enhanceGetInputProps: checkAfterPress, ... })
 */

let pressed = false;
let waiting: (() => void)[] = [];
let safety: ReturnType<typeof setTimeout> | undefined;

function flush() {
  pressed = false;
  clearTimeout(safety);
  const run = waiting;
  waiting = [];
  for (const fn of run) fn();
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  // After the release's own events (pointerup, mouseup and click run in one task).
  const release = () => {
    if (pressed) setTimeout(flush, 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  window.addEventListener('blur', release);
  // The press submitted a form: its submit checks every field, and a blur check run after it would
  // clear a message the server's answer has since put on the field.
  document.addEventListener('submit', () => (waiting = []), true);
}

/** Runs `fn` now, or just after the pointer pressed now is released (at most 2 s later). */
export function afterPress(fn: () => void): void {
  if (!pressed) {
    fn();
    return;
  }
  waiting.push(fn);
  clearTimeout(safety);
  safety = setTimeout(flush, 2000);
}

/** Mantine useForm's `enhanceGetInputProps`: the field's blur check runs after a press in progress. */
export function checkAfterPress({ inputProps }: { inputProps: { onBlur?: unknown } }): { onBlur?: () => void } {
  const onBlur = inputProps.onBlur;
  if (typeof onBlur !== 'function') return {};
  return { onBlur: () => afterPress(() => (onBlur as () => void)()) };
}
