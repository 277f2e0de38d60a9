import { useContext, useEffect, useMemo, useRef } from 'react';
import { confirmAction } from './confirm';
import { LeaveCheckContext } from './navigation-guard';

/** The question before unsaved changes are left behind (not in the spec: docs/decisions.md, "Unsaved changes"). */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Leave without saving?',
  message: 'Your changes on this page have not been saved.',
  stay: 'Stay',
  leave: 'Leave',
  dialogTitle: 'Discard changes?',
  dialogMessage: 'Your changes in this dialog have not been saved.',
  /** Showing another quote (its revision dropdown, New) or a new status would drop the quote's edits. */
  quoteMessage: 'Your changes to this quote have not been saved.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
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

/**
 * A dialog's `onClose` (Escape, its × button, a click outside) that asks 'Discard changes?' (Keep
 * editing / Discard) first while its form holds unsaved changes, so a stray Escape (one meant for a
 * date picker inside it) loses nothing. The dialog's own Cancel button still closes it at once.
 *
 *   <Modal opened onClose={closeAsking(dirty, onClose)}>
 *
 * `dirty` may be a function, read at the moment of closing (a form inside the dialog's body keeps
 * it in a ref the dialog reads). The same question guards a screen's switch to another record in
 * place (the quotes' revision dropdown), with its own `message`.
 */
export function closeAsking(
  dirty: boolean | (() => boolean),
  onClose: () => void,
  message: string = UNSAVED_CHANGES_TEXT.dialogMessage,
): () => void {
  return () => {
    if (!(typeof dirty === 'function' ? dirty() : dirty)) {
      onClose();
      return;
    }
    confirmAction({
      title: UNSAVED_CHANGES_TEXT.dialogTitle,
      message,
      confirmLabel: UNSAVED_CHANGES_TEXT.discard,
      cancelLabel: UNSAVED_CHANGES_TEXT.keepEditing,
      onConfirm: onClose,
    });
  };
}
