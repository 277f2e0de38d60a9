import { describe, expect, it } from 'vitest';
import type { SessionView } from '@siteflow/core';
import { homePath } from '.';

const session = (area: 'platform' | 'tenant', abilities: string[]) =>
  ({
    area,
    tenant: { id: 'x', name: 'X', slug: 'x', has_logo: false, logo_url: null },
    user: null,
    abilities,
  }) as unknown as SessionView;

describe('homePath', () => {
  it('opens the project list for every tenant user who sees projects', () => {
    expect(homePath(session('tenant', ['projects.view', 'staff.view']))).toBe('/projects');
    expect(homePath(session('tenant', ['projects.view']))).toBe('/projects'); // client and provider users
  });

  it('falls back to staff, then settings', () => {
    expect(homePath(session('tenant', ['staff.view']))).toBe('/staff');
    expect(homePath(session('tenant', []))).toBe('/settings');
  });

  it('opens customers for the platform admin', () => {
    expect(homePath(session('platform', ['customers.manage', 'mailbox.read']))).toBe('/customers');
  });
});
