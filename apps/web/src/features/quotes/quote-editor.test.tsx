import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_TEXT, type QuoteView, type SectionView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { QuoteEditor } from './quote-editor';
import { UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';

// Which sections are drawn: the real QuoteSection, noting its section's name each time.
const drawn = vi.hoisted(() => [] as string[]);
vi.mock('./quote-section', async (importOriginal) => {
  const real = await importOriginal<typeof import('./quote-section')>();
  return {
    ...real,
    QuoteSection: (props: Parameters<typeof real.QuoteSection>[0]) => {
      drawn.push(props.section.name);
      return real.QuoteSection(props);
    },
  };
});

const TOTALS = { revenue: '0', cost: '0', gross_profit: '0', profit_percent: null, margin_percent: null };
const section = (id: number, name: string): SectionView => ({
  id,
  name,
  note: null,
  position: id,
  totals: TOTALS,
  line_items: [
    {
      id: id * 10,
      position: 1,
      category: 'Service',
      description: `${name} labour`,
      long_description: null,
      general_notes: null,
      supplied_by: 'Company',
      quantity: '2.000',
      unit_sell_price: '100.00',
      unit_cost: '60.00',
      product: null,
      totals: { revenue: '0', cost: '0', profit: '0', profit_percent: '0' },
    },
  ],
});

// Cast: the view grows fields this editor does not read (e.g. the client's answer).
const view = {
  id: 2,
  code: 'Q-PRJ-00012-2',
  revision: 1,
  status: 'Draft',
  reason: null,
  note: null,
  version: 3,
  updated_at: '2026-11-24T04:05:00.000Z',
  project: { id: 12, code: 'PRJ-00012', title: 'Kitchen refit' },
  other_accepted: false,
  sections: [section(10, 'Roofing'), section(11, 'Electrical'), section(12, 'Plumbing')],
  totals: TOTALS,
  abilities: { edit: true, change_status: true, delete: true, revise: true },
} as unknown as QuoteView;

describe('typing a section name in the quote editor (issue 13 section 7)', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    drawn.length = 0;
  });

  it('draws that section only, keeps its labels and totals current, and Save sends the typed name', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'PUT' ? { body: { ...view, version: 4 } } : { status: 404, body: { message: 'Not found' } },
    );
    renderScreen(<QuoteEditor projectId={12} quote={view} onReload={() => undefined} onDeleted={() => undefined} />, {
      session: tenantSession(['quotes.view', 'quotes.manage']),
    });
    const name = await screen.findByRole('textbox', { name: 'Section 2 name' });
    expect(new Set(drawn)).toEqual(new Set(['Roofing', 'Electrical', 'Plumbing']));

    drawn.length = 0;
    await userEvent.type(name, ' works');
    // One drawing per key, of the section typed in; the other sections are not drawn again.
    expect(drawn).toEqual([...' works'].map((_, i) => `Electrical${' works'.slice(0, i + 1)}`));
    expect(screen.getByRole('button', { name: 'Move Section 2: Electrical works' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Section 2: Electrical works' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Section 3: Plumbing' })).toBeInTheDocument();
    const sections = screen.getAllByTestId('quote-section');
    expect(within(sections[1]!).getByTestId('section-total')).toHaveTextContent('$200.00');
    expect(screen.getByTestId('quote-revenue')).toHaveTextContent('$600.00');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(QUOTE_TEXT.saved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')?.body as { version: number; sections: { name: string }[] };
    expect(put.version).toBe(3);
    expect(put.sections.map((s) => s.name)).toEqual(['Roofing', 'Electrical works', 'Plumbing']);
  });
});

describe("the quote editor's 'Service Provider Agreement' button (issue 14 section 1)", () => {
  beforeEach(() => {
    stubMatchMedia(true);
  });
  const render = (status: string, abilities: Parameters<typeof tenantSession>[0]) => {
    mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    const quote = { ...view, status, abilities: { ...view.abilities, edit: status === 'Draft' } } as QuoteView;
    renderScreen(<QuoteEditor projectId={12} quote={quote} onReload={() => undefined} onDeleted={() => undefined} />, {
      session: tenantSession(abilities),
    });
  };

  it('leads an Accepted quote to its agreements', async () => {
    render('Accepted', ['quotes.view', 'quotes.manage', 'agreements.manage']);
    expect(await screen.findByRole('link', { name: 'Service Provider Agreement' })).toHaveAttribute(
      'href',
      '/projects/12/quotes/2/agreements',
    );
  });

  it('is not there for a quote that is not Accepted', async () => {
    render('Draft', ['quotes.view', 'quotes.manage', 'agreements.manage']);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Service Provider Agreement' })).toBeNull();
  });

  it('is not there for someone who may not manage agreements', async () => {
    render('Accepted', ['quotes.view']);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Service Provider Agreement' })).toBeNull();
  });
});

describe('focus around the quote editor dialogs (drawn only while open)', () => {
  beforeEach(() => {
    stubMatchMedia(true);
  });
  const open = async () => {
    mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderScreen(<QuoteEditor projectId={12} quote={view} onReload={() => undefined} onDeleted={() => undefined} />, {
      session: tenantSession(['quotes.view', 'quotes.manage']),
    });
    await screen.findByRole('textbox', { name: 'Section 2 name' });
    return userEvent.setup({ delay: null });
  };
  /** Presses Enter on a control, as the keyboard opens a dialog, and gives the dialog. */
  const press = async (user: ReturnType<typeof userEvent.setup>, control: HTMLElement) => {
    control.focus();
    await user.keyboard('{Enter}');
    return screen.findByRole('dialog');
  };
  const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  it("a section's note returns focus to its button after Escape, Cancel and Done", async () => {
    const user = await open();
    const note = screen.getByRole('button', { name: 'Note of Section 2: Electrical' });
    await press(user, note);
    await user.keyboard('{Escape}');
    await closed();
    await waitFor(() => expect(note).toHaveFocus());

    let dialog = await press(user, note);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    await waitFor(() => expect(note).toHaveFocus());

    dialog = await press(user, note);
    await user.type(within(dialog).getByRole('textbox', { name: 'Section Note' }), 'Isolate first');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await closed();
    await waitFor(() => expect(note).toHaveFocus());
  });

  it("a line's dialog opens on its first field and returns focus to the line's Edit button", async () => {
    const user = await open();
    const edit = screen.getByRole('button', { name: 'Edit line 1: Electrical labour' });
    let dialog = await press(user, edit);
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await closed();
    await waitFor(() => expect(edit).toHaveFocus());

    dialog = await press(user, edit);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    await waitFor(() => expect(edit).toHaveFocus());

    dialog = await press(user, edit);
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' and parts');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await closed();
    const edited = screen.getByRole('button', { name: 'Edit line 1: Electrical labour and parts' });
    await waitFor(() => expect(edited).toHaveFocus());
  });

  it('a changed line asks before Escape discards it; its Cancel discards at once', async () => {
    const user = await open();
    const edit = screen.getByRole('button', { name: 'Edit line 1: Electrical labour' });
    const dialog = await press(user, edit);
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.type(description, ' and parts');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle });
    await user.click(within(ask).getByRole('button', { name: UNSAVED_CHANGES_TEXT.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle })).toBeNull());
    expect(description).toHaveValue('Electrical labour and parts');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(screen.getByRole('button', { name: 'Edit line 1: Electrical labour' })).toBeInTheDocument();
  });

  it("'Add New Product' returns focus to the Product picker when cancelled", async () => {
    const user = await open();
    const dialog = await press(user, screen.getByRole('button', { name: 'Edit line 1: Electrical labour' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Product' }));
    const product = within(dialog).getByRole('combobox', { name: 'Product' });
    await user.click(product);
    await user.click(await screen.findByRole('option', { name: QUOTE_TEXT.addNewProduct }));
    const create = await screen.findByRole('dialog', { name: QUOTE_TEXT.addNewProduct });
    await user.click(within(create).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: QUOTE_TEXT.addNewProduct })).toBeNull());
    await waitFor(() => expect(product).toHaveFocus());
  });

  it("a line added with 'Add a line item' returns focus to that button", async () => {
    const user = await open();
    const add = screen.getByRole('button', { name: 'Add a line item to Section 2: Electrical' });
    const dialog = await press(user, add);
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Switchboard');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await closed();
    expect(screen.getByRole('button', { name: 'Edit line 2: Switchboard' })).toBeInTheDocument();
    await waitFor(() => expect(add).toHaveFocus());
  });
});
