import { useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { UNSAVED_CHANGES_TEXT, useUnsavedChangesGuard } from './unsaved-changes';

/** A form whose saved value is kept beside the typed one, as an edit form's initial values are. */
function NameForm({ leaveAfterSave = false }: { leaveAfterSave?: boolean }) {
  const [saved, setSaved] = useState('');
  const [name, setName] = useState('');
  const guard = useUnsavedChangesGuard(name !== saved);
  const navigate = useNavigate();
  const location = useLocation();
  const save = () => {
    if (!leaveAfterSave) return setSaved(name);
    guard.saved();
    void navigate('/list');
  };
  return (
    <>
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Button onClick={save}>Save</Button>
      <Link to="/list">To the list</Link>
      <Link to="/form?tab=2">Second tab</Link>
      <Button onClick={() => void navigate(-1)}>Back</Button>
      <div data-testid="here">{location.pathname + location.search}</div>
    </>
  );
}

/** The form at /form, opened from /list (so Back has somewhere to go); elsewhere shows 'location'. */
const renderForm = (props: { leaveAfterSave?: boolean } = {}) =>
  renderScreen(<NameForm {...props} />, { route: '/form', path: '/form', before: ['/list'] });

/** Where the app is: the form's own address while it is shown, else the other page's. */
const where = () => (screen.queryByTestId('here') ?? screen.getByTestId('location')).textContent;
const question = () => screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });

/** The beforeunload listeners added while the test ran (removed ones taken out). */
function watchBeforeUnload() {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'beforeunload' && listener) listeners.add(listener);
    add(type, listener, options);
  });
  vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    if (type === 'beforeunload' && listener) listeners.delete(listener);
    remove(type, listener, options);
  });
  return listeners;
}

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
    await waitFor(() => expect(where()).toBe('/list'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a link leaves typed changes; Stay keeps the page and what was typed', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
    const dialog = await question();
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_TEXT.message);
    await userEvent.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(where()).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Acme');

    // Asked again the next time, and Leave goes.
    await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
    await userEvent.click(within(await question()).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(where()).toBe('/list'));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('holds Back (a pop of the history) the same way, and Leave then goes back', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await question();
    expect(where()).toBe('/form');
    await userEvent.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(where()).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Acme');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(within(await question()).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(where()).toBe('/list'));
  });

  it('never asks for a change of the query string only (filters, tabs)', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('link', { name: 'Second tab' }));
    await waitFor(() => expect(where()).toBe('/form?tab=2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Acme');
  });

  it('asks nothing once saved', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
    await waitFor(() => expect(where()).toBe('/list'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a form leave right after its save with guard.saved()', async () => {
    renderForm({ leaveAfterSave: true });
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/list'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has the browser ask before a page load only while there are unsaved changes', async () => {
    const listeners = watchBeforeUnload();
    renderForm();
    expect(listeners.size).toBe(0);

    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    expect(listeners.size).toBe(1);
    const event = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(listeners.size).toBe(0);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
