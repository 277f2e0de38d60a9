import { useContext, useEffect, useMemo, useRef } from 'react';
import { confirmAction } from './confirm';
import { LeaveCheckContext } from './navigation-guard';

/** The question before unsaved changes are left behind (not in the spec: docs/decisions.md, "Unsaved changes"). */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Leave without saving?',
  message: 'Your changes on this page have not been saved.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/** The dialog: Leave answers true; Stay, Escape, the close button or a click outside answer false. */
function askToLeave(answer: (leave: boolean) => void) {
  confirmAction({
    title: UNSAVED_CHANGES_TEXT.title,
    message: UNSAVED_CHANGES_TEXT.message,
    confirmLabel: UNSAVED_CHANGES_TEXT.leave,
    cancelLabel: UNSAVED_CHANGES_TEXT.stay,
    onConfirm: () => answer(true),
    onClose: () => answer(false),
  });
}

/**
 * Warns before a form's unsaved changes are lost, the one pattern every form uses:
 *
 *   const guard = useUnsavedChangesGuard(form.isDirty());
 *
 * While `dirty`, in-app navigation to another page (links, navigate(), Back/Forward) asks
 * 'Leave without saving?' (Stay / Leave) first, and a full page load (the side menu, a reload, the
 * tab closing) gets the browser's own question (`beforeunload`). A change of the query string only
 * (filters, tabs) never asks. A save clears `dirty` (the form's new initial values), so nothing
 * asks after it; a form that navigates away right after its save (a create form, whose values are
 * still 'dirty' then) calls `guard.saved()` first.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const register = useContext(LeaveCheckContext);
  const state = useRef({ dirty, saved: false });
  useEffect(() => {
    state.current.dirty = dirty;
    if (!dirty) state.current.saved = false;
  }, [dirty]);

  useEffect(
    () => register?.({ dirty: () => state.current.dirty && !state.current.saved, confirm: askToLeave }),
    [register],
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (state.current.saved) return;
      event.preventDefault();
      // Browsers before 2023 (Chrome < 119, Safari < 17) ask only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return useMemo(
    () => ({
      /** The changes are saved: leaving asks nothing from now on (until the form is clean and dirty again). */
      saved: () => {
        state.current.saved = true;
      },
    }),
    [],
  );
}
