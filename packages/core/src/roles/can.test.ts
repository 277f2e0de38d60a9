import { describe, expect, it } from 'vitest';
import { abilitiesOf, can } from './can.js';

describe('can', () => {
  it('denies when nobody is signed in', () => {
    expect(can(null, 'staff.view')).toBe(false);
  });

  it('lets a company admin manage staff and settings in the tenant area only', () => {
    expect(can({ role: 'company_admin', area: 'tenant' }, 'staff.manage')).toBe(true);
    expect(can({ role: 'company_admin', area: 'tenant' }, 'settings.manage')).toBe(true);
    expect(can({ role: 'company_admin', area: 'platform' }, 'staff.manage')).toBe(false);
    expect(can({ role: 'company_admin', area: 'tenant' }, 'customers.manage')).toBe(false);
  });

  it('lets a company employee view but not manage staff', () => {
    expect(can({ role: 'company_employee', area: 'tenant' }, 'staff.view')).toBe(true);
    expect(can({ role: 'company_employee', area: 'tenant' }, 'staff.manage')).toBe(false);
    expect(can({ role: 'company_employee', area: 'tenant' }, 'settings.manage')).toBe(false);
  });

  it('keeps platform powers on the platform host', () => {
    expect(can({ role: 'platform_admin', area: 'platform' }, 'customers.manage')).toBe(true);
    expect(can({ role: 'platform_admin', area: 'tenant' }, 'customers.manage')).toBe(false);
  });

  it('lets client users view their projects and the map, and rate the work, nothing more', () => {
    for (const role of ['client_admin', 'client_account', 'client_am'] as const) {
      expect(abilitiesOf({ role, area: 'tenant' })).toEqual([
        'projects.view',
        'projects.rateCustomer',
        'projectMap.view',
      ]);
    }
  });

  it('lets provider users see their projects, their provider and certificates, but not search or assign', () => {
    for (const role of ['sp_admin', 'sp_employee'] as const) {
      expect(abilitiesOf({ role, area: 'tenant' })).toEqual([
        'projects.view',
        'providers.view',
        'projectMap.view',
        'certificates.view',
        'certificates.manage',
      ]);
      expect(can({ role, area: 'tenant' }, 'providers.search')).toBe(false);
      expect(can({ role, area: 'tenant' }, 'projects.assignProvider')).toBe(false);
    }
  });

  it('keeps certificate types to company admins and provider search to staff', () => {
    expect(can({ role: 'company_admin', area: 'tenant' }, 'certificateTypes.manage')).toBe(true);
    expect(can({ role: 'company_employee', area: 'tenant' }, 'certificateTypes.manage')).toBe(false);
    expect(can({ role: 'company_employee', area: 'tenant' }, 'providers.search')).toBe(true);
    expect(can({ role: 'client_admin', area: 'tenant' }, 'projects.ratePerformance')).toBe(false);
  });

  it('keeps project deletion and client management to company admins', () => {
    expect(can({ role: 'company_employee', area: 'tenant' }, 'projects.edit')).toBe(true);
    expect(can({ role: 'company_employee', area: 'tenant' }, 'projects.delete')).toBe(false);
    expect(can({ role: 'company_employee', area: 'tenant' }, 'clients.manage')).toBe(false);
    expect(can({ role: 'company_admin', area: 'tenant' }, 'projects.delete')).toBe(true);
  });
});
