import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPress, checkAfterPress } from './blur-validation';

const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel') =>
  document.dispatchEvent(new Event(type, { bubbles: true }));

afterEach(() => vi.useRealTimers());

describe('blur checks wait for a press in progress', () => {
  it('runs at once when nothing is pressed (the keyboard)', () => {
    const fn = vi.fn();
    afterPress(fn);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('waits while a pointer is pressed, and runs just after the release', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    press('pointerdown');
    afterPress(fn);
    expect(fn).not.toHaveBeenCalled();
    press('pointerup');
    expect(fn).not.toHaveBeenCalled(); // the release's click comes first
    vi.runOnlyPendingTimers();
    expect(fn).toHaveBeenCalledOnce();
    // Released: the next check runs at once again.
    const next = vi.fn();
    afterPress(next);
    expect(next).toHaveBeenCalledOnce();
  });

  it('a cancelled press, or one never released, still runs the check', () => {
    vi.useFakeTimers();
    const cancelled = vi.fn();
    press('pointerdown');
    afterPress(cancelled);
    press('pointercancel');
    vi.runOnlyPendingTimers();
    expect(cancelled).toHaveBeenCalledOnce();

    const held = vi.fn();
    press('pointerdown');
    afterPress(held);
    vi.advanceTimersByTime(1999);
    expect(held).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(held).toHaveBeenCalledOnce();
  });

  it('checkAfterPress wraps the form’s own onBlur, and leaves inputs without one alone', () => {
    vi.useFakeTimers();
    const onBlur = vi.fn();
    const { onBlur: wrapped } = checkAfterPress({ inputProps: { onBlur } });
    press('pointerdown');
    wrapped!();
    expect(onBlur).not.toHaveBeenCalled();
    press('pointerup');
    vi.runOnlyPendingTimers();
    expect(onBlur).toHaveBeenCalledOnce();
    expect(checkAfterPress({ inputProps: {} })).toEqual({});
  });
});

describe('a press that submits a form', () => {
  it('drops the waiting blur checks: the submit checks every field, and the server may answer first', () => {
    vi.useFakeTimers();
    const form = document.createElement('form');
    document.body.append(form);
    const onBlur = vi.fn();
    press('pointerdown');
    afterPress(onBlur);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    press('pointerup');
    vi.runOnlyPendingTimers();
    expect(onBlur).not.toHaveBeenCalled();
    form.remove();
  });
});
