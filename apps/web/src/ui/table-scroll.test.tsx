import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { TableScroll } from './table-scroll';

describe('TableScroll', () => {
  it('makes the scroll area of a read-only table a named region that Tab reaches', async () => {
    renderScreen(
      <TableScroll label="Date change history" minWidth={860}>
        <Table aria-label="Date change history">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Nothing focusable here</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>,
    );
    const region = screen.getByRole('region', { name: 'Date change history' });
    expect(region).toContainElement(screen.getByRole('table', { name: 'Date change history' }));
    await userEvent.tab();
    expect(region).toHaveFocus();
  });
});
