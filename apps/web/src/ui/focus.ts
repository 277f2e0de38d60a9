/** After errors appear, move focus to the first field that has one (so it is seen and announced). */
export function focusFirstInvalid() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}

/**
 * Focus what `find` gives once React has drawn the change just made: a dialog drawn only while
 * open has gone (Mantine returns focus only from a dialog that stays mounted), a button was
 * removed or disabled. Without it focus falls to the page and the next Tab starts at its top.
 */
export function focusSoon(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => find()?.focus());
}

/**
 * As `focusSoon`, but only when focus was lost meanwhile: it is on the page itself, or still inside
 * the popup that is closing (`closing`, a selector). Where the user has put focus (a click on another
 * field that closed the popup) is left alone.
 */
export function returnFocusIfLost(find: () => HTMLElement | null | undefined, closing?: string) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || (closing !== undefined && active.closest(closing) !== null);
    if (lost) find()?.focus();
  });
}
