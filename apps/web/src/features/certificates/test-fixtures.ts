import type {
  CertificateTypeView,
  CertificateView,
  CertificationEntry,
  CertificationsOfType,
  CertificationsView,
} from '@siteflow/core';

export const USER_ID = '00000000-0000-4000-8000-0000000000aa';
export const FIRST_AID = '11111111-1111-4111-8111-111111111111';
export const WHITE_CARD = '22222222-2222-4222-8222-222222222222';
export const FORKLIFT = '33333333-3333-4333-8333-333333333333';
export const WORKING_AT_HEIGHTS = '44444444-4444-4444-8444-444444444444';
export const CERT_ID = '55555555-5555-4555-8555-555555555555';
export const FILE_ID = '66666666-6666-4666-8666-666666666666';

export function certificate(overrides: Partial<CertificateView> = {}): CertificateView {
  return {
    id: CERT_ID,
    type_id: FIRST_AID,
    name: 'Senior First Aid',
    license_number: 'FA-123',
    comments: null,
    country: 'Australia',
    issue_date: '2024-03-05',
    expiry: '2027-03-05',
    details: { provider_name: 'St John', level: 'Advanced', cpr: true },
    validity: 'valid',
    files: [
      {
        id: FILE_ID,
        name: 'first-aid.png',
        filable_id: CERT_ID,
        mime: 'image/png',
        size: 70,
        url: `/documents/file/${CERT_ID}/${FILE_ID}`,
      },
    ],
    certificatable: { kind: 'user', id: USER_ID, first_name: 'Olivia', last_name: 'Nguyen', director_name: null },
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function entry(id: string, name: string, certs: CertificateView[]): CertificationEntry {
  return { type: { id, name, details: null }, user_certificate: certs, validity: certs[0]?.validity ?? 'none' };
}

export function certificationsView(overrides: Partial<CertificationsView> = {}): CertificationsView {
  return {
    owner: { kind: 'user', id: USER_ID, name: 'Olivia Nguyen' },
    mandatoryCertificates: [
      entry(FIRST_AID, 'First Aid', [certificate()]),
      entry(WHITE_CARD, 'White Card', [
        certificate({
          id: '77777777-7777-4777-8777-777777777777',
          type_id: WHITE_CARD,
          expiry: '2025-11-22',
          validity: 'expired',
        }),
      ]),
    ],
    additionalCertificates: [
      entry(FORKLIFT, 'Forklift Licence', [
        certificate({ id: '88888888-8888-4888-8888-888888888888', type_id: FORKLIFT, expiry: null, validity: 'none' }),
      ]),
    ],
    unused_additional_types: [{ id: WORKING_AT_HEIGHTS, name: 'Working At Heights' }],
    mandatory_valid: 1,
    mandatory_total: 2,
    additional_valid: 1,
    additional_total: 1,
    abilities: { manage: true },
    today: '2026-06-01',
    ...overrides,
  };
}

export function firstAidType(overrides: Partial<CertificateTypeView> = {}): CertificateTypeView {
  return {
    id: FIRST_AID,
    name: 'First Aid',
    details: 'A current first aid certificate (HLTAID011).',
    fields: {
      provider_name: { label: 'Training Provider', type: 'text', required: true, options: [] },
      level: { label: 'Level', type: 'select', required: false, options: ['Basic', 'Advanced'] },
      cpr: { label: 'Includes CPR', type: 'checkbox', required: false, options: [] },
      hours: { label: 'Course Hours', type: 'number', required: false, options: [] },
    },
    mandatory_for_users: true,
    mandatory_for_providers: false,
    active: true,
    files: [],
    ...overrides,
  };
}

export function ofType(overrides: Partial<CertificationsOfType> = {}): CertificationsOfType {
  return {
    type: firstAidType(),
    certificates: [certificate()],
    abilities: { manage: true },
    today: '2026-06-01',
    ...overrides,
  };
}
