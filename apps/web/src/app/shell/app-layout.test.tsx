import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { AppLayout } from './app-layout';

describe('the signed-in frame', () => {
  it("'Skip to main content' is the first Tab stop and Enter puts focus on the main region", async () => {
    mockFetch(() => ({ status: 500 }));
    renderScreen(<AppLayout />, {
      route: '/staff',
      path: '/staff',
      session: tenantSession(['staff.view', 'projects.view', 'settings.view']),
    });
    const user = userEvent.setup({ delay: null });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getAllByRole('link').length).toBeGreaterThan(1);

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');

    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(main).toHaveFocus();
  });
});
