import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTING_TEXT as T, type LegalList } from '@siteflow/core';
import { mockFetch, renderScreen, signedOut, tenantSession } from '../../test/render';
import { LegalScreen } from './legal-screen';

const TEXTS: LegalList = {
  items: [
    {
      key: 'privacy-policy',
      title: 'Privacy policy',
      value: '<p>We keep <strong>little</strong>.</p><script>alert(1)</script>',
      updated_at: '2026-11-02T01:30:00.000Z',
    },
    {
      key: 'terms-and-conditions',
      title: 'Terms and conditions',
      value: '<p>Be fair.</p>',
      updated_at: '2026-11-03T01:30:00.000Z',
    },
  ],
};

function renderLegal(answer: LegalList, session = signedOut()) {
  const fetch = mockFetch((call) => (call.url === '/api/legal' ? { body: answer } : { status: 404 }));
  renderScreen(<LegalScreen />, { session, route: '/legal', path: '/legal' });
  return fetch;
}

describe('LegalScreen (/legal)', () => {
  it('shows each text under its title with when it changed, and contents linking to them', async () => {
    const { calls } = renderLegal(TEXTS);
    expect(screen.getByRole('heading', { level: 1, name: T.legalHeading })).toBeInTheDocument();
    const privacy = await screen.findByRole('region', { name: 'Privacy policy' });
    expect(within(privacy).getByText('little')).toBeInTheDocument();
    expect(within(privacy).getByText(/^Last updated/)).toBeInTheDocument();
    expect(privacy.querySelector('script')).toBeNull();
    expect(screen.getByRole('region', { name: 'Terms and conditions' })).toHaveTextContent('Be fair.');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '#legal-terms-and-conditions',
    );
    expect(privacy).toHaveAttribute('id', 'legal-privacy-policy');
    expect(calls.map((c) => c.url)).toEqual(['/api/legal']);
  });

  it('signed out, it offers Sign in; signed in, the way back to the app', async () => {
    renderLegal(TEXTS);
    expect(await screen.findByRole('link', { name: T.legalBackSignedOut })).toHaveAttribute('href', '/login');
  });

  it('signed in, it links back to the app', async () => {
    renderLegal(TEXTS, tenantSession([]));
    expect(await screen.findByRole('link', { name: T.legalBackSignedIn })).toHaveAttribute('href', '/');
  });

  it('says so when nothing is published, with no contents', async () => {
    renderLegal({ items: [] });
    expect(await screen.findByText(T.legalEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
  });

  it('one text needs no contents', async () => {
    renderLegal({ items: [TEXTS.items[1]!] });
    expect(await screen.findByRole('region', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
  });
});
