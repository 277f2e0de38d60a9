/**
 * Service-provider status codes. The spec shows two label sets (search map and project details
 * screen) that differ in spelling and colour; both are kept verbatim here.
 */
export const PROVIDER_STATUSES = [
  'approved',
  'evaluating',
  'pending',
  'not_approved',
  'licence_restricted',
  'deleted',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** Names used in pickers and the provider list. */
export const PROVIDER_STATUS_NAMES: Record<ProviderStatus, string> = {
  approved: 'Approved',
  evaluating: 'Evaluating',
  pending: 'Pending',
  not_approved: 'Not approved',
  licence_restricted: 'Licence Restricted – Expired Missing',
  deleted: 'Deleted',
};

export type StatusBadge = { label: string; colour: 'green' | 'red' | 'orange' | 'yellow' | 'blue' };

/** Spec 1 section 4, search map: 'Approved' green; 'Not approved' and 'Licence Restricted – Expired Missing' red; anything else amber. */
export function searchMapStatus(code: string): StatusBadge {
  if (code === 'approved') return { label: 'Approved', colour: 'green' };
  if (code === 'not_approved') return { label: 'Not approved', colour: 'red' };
  if (code === 'licence_restricted') return { label: 'Licence Restricted – Expired Missing', colour: 'red' };
  return { label: labelOf(code), colour: 'orange' };
}

/** Spec 1 section 4, project details: Approved and Deleted green; 'License Restricted - Expired Missing' yellow; Evaluating amber; else blue. */
export function detailsStatus(code: string): StatusBadge {
  if (code === 'approved') return { label: 'Approved', colour: 'green' };
  if (code === 'deleted') return { label: 'Deleted', colour: 'green' };
  if (code === 'licence_restricted') return { label: 'License Restricted - Expired Missing', colour: 'yellow' };
  if (code === 'evaluating') return { label: 'Evaluating', colour: 'orange' };
  return { label: labelOf(code), colour: 'blue' };
}

const labelOf = (code: string) => PROVIDER_STATUS_NAMES[code as ProviderStatus] ?? code;
