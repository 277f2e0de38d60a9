import { describe, expect, it } from 'vitest';
import type { Role } from '../roles/roles.js';
import type { PolicyActor } from './actor.js';
import { certificateAbilities, certificateOwnerAccess, canOnCertificate } from './certificate.js';
import {
  canOnProject,
  isRatable,
  projectAbilities,
  projectSearchAbilities,
  ratingAbilities,
  seesProject,
  type ProjectResource,
} from './project.js';
import { canOnProvider, providerAbilities } from './provider.js';
import { canOnStaff, staffFormAbilities } from './staff.js';

const actor = (role: Role, ties: Partial<PolicyActor> = {}): PolicyActor => ({
  role,
  area: role === 'platform_admin' ? 'platform' : 'tenant',
  userId: 'me',
  clientId: null,
  providerId: null,
  ...ties,
});
const project = (over: Partial<ProjectResource> = {}): ProjectResource => ({
  clientId: 'c1',
  serviceProviderId: 'p1',
  status: 'order',
  ...over,
});

describe('project policy', () => {
  it('lets staff see every project, client and provider users only theirs, platform admins none', () => {
    expect(seesProject(actor('company_employee'), project())).toBe(true);
    expect(seesProject(actor('client_am', { clientId: 'c1' }), project())).toBe(true);
    expect(seesProject(actor('client_am', { clientId: 'c2' }), project())).toBe(false);
    expect(seesProject(actor('client_am'), project())).toBe(false);
    expect(seesProject(actor('sp_employee', { providerId: 'p1' }), project())).toBe(true);
    expect(seesProject(actor('sp_employee', { providerId: 'p1' }), project({ serviceProviderId: null }))).toBe(false);
    expect(seesProject(actor('sp_admin'), project({ serviceProviderId: null }))).toBe(false);
    expect(seesProject(actor('platform_admin'), project())).toBe(false);
  });

  it('gives edit to staff and delete to company admins, nothing to client or provider users', () => {
    expect(projectAbilities(actor('company_admin'), project())).toEqual({ edit: true, delete: true });
    expect(projectAbilities(actor('company_employee'), project())).toEqual({ edit: true, delete: false });
    expect(projectAbilities(actor('client_admin', { clientId: 'c1' }), project())).toEqual({
      edit: false,
      delete: false,
    });
    expect(projectAbilities(actor('sp_admin', { providerId: 'p1' }), project())).toEqual({
      edit: false,
      delete: false,
    });
    expect(canOnProject(actor('client_admin', { clientId: 'c1' }), 'view', project())).toBe(true);
    expect(canOnProject(actor('client_admin', { clientId: 'c2' }), 'view', project())).toBe(false);
  });

  it('offers assigning on a project that can still take a provider, to staff only', () => {
    expect(projectSearchAbilities(actor('company_employee'), project())).toEqual({ assign: true });
    expect(projectSearchAbilities(actor('company_employee'), project({ status: 'completed' }))).toEqual({
      assign: false,
    });
    expect(projectSearchAbilities(actor('company_employee'), null)).toEqual({ assign: false });
    expect(projectSearchAbilities(actor('sp_admin', { providerId: 'p1' }), project())).toEqual({ assign: false });
  });

  it('lets staff rate the performance and the client’s own users rate the work, once completed or closed with a provider', () => {
    const done = project({ status: 'completed' });
    expect(isRatable(done)).toBe(true);
    expect(isRatable(project({ status: 'closed', serviceProviderId: null }))).toBe(false);
    expect(ratingAbilities(actor('company_employee'), done)).toEqual({ rate_performance: true, rate_customer: false });
    expect(ratingAbilities(actor('client_account', { clientId: 'c1' }), done)).toEqual({
      rate_performance: false,
      rate_customer: true,
    });
    expect(ratingAbilities(actor('client_account', { clientId: 'c1' }), project())).toEqual({
      rate_performance: false,
      rate_customer: false,
    });
    expect(canOnProject(actor('client_account', { clientId: 'c2' }), 'rateCustomer', done)).toBe(false);
    expect(ratingAbilities(actor('sp_admin', { providerId: 'p1' }), done)).toEqual({
      rate_performance: false,
      rate_customer: false,
    });
  });
});

describe('provider policy', () => {
  it('lets staff manage every provider and provider users only see their own', () => {
    expect(providerAbilities(actor('company_employee'), { id: 'p1' })).toEqual({ edit: true });
    expect(providerAbilities(actor('sp_admin', { providerId: 'p1' }), { id: 'p1' })).toEqual({ edit: false });
    expect(canOnProvider(actor('sp_admin', { providerId: 'p1' }), 'view', { id: 'p1' })).toBe(true);
    expect(canOnProvider(actor('sp_admin', { providerId: 'p1' }), 'view', { id: 'p2' })).toBe(false);
    expect(canOnProvider(actor('client_admin', { clientId: 'c1' }), 'view', { id: 'p1' })).toBe(false);
  });
});

describe('certificate policy', () => {
  const sp = (role: 'sp_admin' | 'sp_employee') => actor(role, { providerId: 'p1' });
  it('gives staff every owner, provider users their own user and provider (employees view only the provider)', () => {
    expect(certificateOwnerAccess(actor('company_employee'), { kind: 'user', id: 'x' })).toBe('manage');
    expect(certificateOwnerAccess(sp('sp_admin'), { kind: 'service_provider', id: 'p1' })).toBe('manage');
    expect(certificateOwnerAccess(sp('sp_admin'), { kind: 'user', id: 'me' })).toBe('manage');
    expect(certificateOwnerAccess(sp('sp_admin'), { kind: 'user', id: 'x' })).toBe('none');
    expect(certificateOwnerAccess(sp('sp_employee'), { kind: 'service_provider', id: 'p1' })).toBe('view');
    expect(certificateOwnerAccess(sp('sp_employee'), { kind: 'service_provider', id: 'p2' })).toBe('none');
    expect(certificateOwnerAccess(actor('sp_employee'), { kind: 'service_provider', id: 'p1' })).toBe('none');
    expect(certificateOwnerAccess(actor('client_admin', { clientId: 'c1' }), { kind: 'user', id: 'me' })).toBe('none');
  });

  it('combines the role’s certificate ability with the owner access', () => {
    expect(certificateAbilities(sp('sp_employee'), { kind: 'service_provider', id: 'p1' })).toEqual({ manage: false });
    expect(canOnCertificate(sp('sp_employee'), 'view', { kind: 'service_provider', id: 'p1' })).toBe(true);
    expect(certificateAbilities(sp('sp_employee'), { kind: 'user', id: 'me' })).toEqual({ manage: true });
    expect(canOnCertificate(actor('client_admin'), 'view', { kind: 'user', id: 'me' })).toBe(false);
  });
});

describe('staff policy', () => {
  it('lets a company admin give roles to others and new staff, never to themselves', () => {
    expect(staffFormAbilities(actor('company_admin'), { id: 'other' })).toEqual({ change_role: true });
    expect(staffFormAbilities(actor('company_admin'), null)).toEqual({ change_role: true });
    expect(staffFormAbilities(actor('company_admin'), { id: 'me' })).toEqual({ change_role: false });
    expect(staffFormAbilities(actor('company_employee'), { id: 'other' })).toEqual({ change_role: false });
    expect(canOnStaff(actor('company_admin'), 'deactivate', { id: 'me' })).toBe(false);
    expect(canOnStaff(actor('company_admin'), 'deactivate', { id: 'other' })).toBe(true);
  });
});
