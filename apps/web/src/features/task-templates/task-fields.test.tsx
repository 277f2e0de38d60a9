import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { WallClockPicker } from './task-fields';

/** The picker as a task's Due date, with its value shown. */
function DueDate() {
  const [value, setValue] = useState<string | null>('2026-11-24 14:05');
  return (
    <>
      <WallClockPicker id="task-5-due-date" label="Due date" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <input aria-label="Another field" />
    </>
  );
}

/** Opens the picker from the keyboard: focus on the field, Enter. */
async function open() {
  renderScreen(<DueDate />);
  const user = userEvent.setup({ delay: null });
  const field = screen.getByRole('button', { name: 'Due date' });
  field.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  return { user, field, dialog };
}

describe('WallClockPicker (a task due date, a fixed date)', () => {
  it('confirming with the keyboard puts focus back on the field', async () => {
    const { user, field, dialog } = await open();
    // Focus starts on the chosen day; the next day is picked with the arrow and Enter.
    expect(document.activeElement).toHaveAccessibleName('24 November 2026');
    await user.keyboard('{ArrowRight}{Enter}');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Due date' });
    while (document.activeElement !== confirm && dialog.contains(document.activeElement)) await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-25 14:05');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('Escape puts focus back on the field too', async () => {
    const { user, field } = await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('a click on another field that closes it leaves focus there', async () => {
    const { user } = await open();
    const other = screen.getByRole('textbox', { name: 'Another field' });
    await user.click(other);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(other).toHaveFocus();
  });

  it('names its icon buttons and time inputs', async () => {
    const { dialog } = await open();
    for (const name of ['Previous month', 'Next month', 'Choose a month', 'Confirm Due date'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Due date hours')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Due date minutes')).toBeInTheDocument();
    for (const button of within(dialog).getAllByRole('button')) expect(button).not.toHaveAccessibleName('');
  });
});
