import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { PROJECT_TEXT } from '@siteflow/core';
import { renderScreen } from '../../../test/render';
import { FormContactsEditor, newContact, useContactIndex, type ContactValues } from './site-contacts-carousel';

const contact = (name: string): ContactValues => ({ ...newContact(), name });

/** The editor on a form holding these contacts, as the create form and Client Information use it. */
function Contacts({ names }: { names: string[] }) {
  const form = useForm<{ site_contacts: ContactValues[] }>({ initialValues: { site_contacts: names.map(contact) } });
  const index = useContactIndex();
  return <FormContactsEditor form={form} index={index.index} onIndexChange={index.setIndex} />;
}

const setup = (names: string[]) => {
  renderScreen(<Contacts names={names} />);
  return userEvent.setup({ delay: null });
};
const name = () => screen.getByLabelText('Name', { selector: 'input' });
const removeButton = () => screen.queryByRole('button', { name: PROJECT_TEXT.removeContact });

describe('site contacts editor: focus after Remove Contact', () => {
  it('removing the second of two contacts (the button goes) puts focus on the Name of the one left', async () => {
    const user = setup(['First', 'Second']);
    await user.click(screen.getByRole('button', { name: 'Next contact' }));
    expect(name()).toHaveValue('Second');
    removeButton()!.focus();
    await user.keyboard('{Enter}');
    expect(removeButton()).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-indicator')).toHaveTextContent('1 / 1');
    expect(name()).toHaveValue('First');
    await waitFor(() => expect(name()).toHaveFocus());
  });

  it('removing one of three puts focus on the Name of the contact now shown', async () => {
    const user = setup(['First', 'Second', 'Third']);
    removeButton()!.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('contact-indicator')).toHaveTextContent('1 / 2');
    expect(name()).toHaveValue('Second');
    await waitFor(() => expect(name()).toHaveFocus());
  });
});
