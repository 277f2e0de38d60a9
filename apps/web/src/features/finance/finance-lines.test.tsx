import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { FinanceLinesTable, type Row } from './finance-lines';

const ROW: Row = {
  key: 'r1',
  id: 1,
  code: 'REV-01',
  category: 'service',
  description: 'Roof replacement',
  estimate: '23800.00',
  actual: '0.00',
  notes: '',
  source: null,
  source_id: null,
};

/** A Mantine `miw` as pixels: 'calc(6.875rem * var(--mantine-scale))' is 110. */
const minWidthPx = (el: HTMLElement | null) => {
  const match = /calc\(([\d.]+)rem/.exec(el?.style.minWidth ?? '');
  return match ? Number(match[1]) * 16 : 0;
};

describe('FinanceLinesTable', () => {
  it('fits a 1440 px screen with the side menu open: the Notes and remove columns are not cut off', () => {
    render(
      <MantineProvider>
        <FinanceLinesTable
          kind="revenue"
          rows={[ROW]}
          duplicates={new Set()}
          errors={{}}
          totals={{ estimate: '23800.00', actual: '0.00' }}
          readOnly={false}
          pulling={false}
          onChange={vi.fn()}
          onRemove={vi.fn()}
          onAdd={vi.fn()}
          onPull={vi.fn()}
        />
      </MantineProvider>,
    );
    const fields = ['code', 'category', 'description', 'estimate', 'actual', 'variation', 'notes'];
    const widths = fields.map((f) => {
      const input = screen.getByLabelText(`Revenue line 1 ${f}`);
      // The min-width sits on the input's wrapper (the root of the Mantine field).
      let el: HTMLElement | null = input;
      while (el && !el.style.minWidth) el = el.parentElement;
      return minWidthPx(el);
    });
    expect(widths.every((w) => w > 0)).toBe(true);
    // The page's content width at 1440 px beside the open side menu (measured: 1078 px), less the
    // cells' padding (10 px each side, 8 columns) and the remove button (28 px).
    const budget = 1078 - 8 * 20 - 28;
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(budget);
  });
});
