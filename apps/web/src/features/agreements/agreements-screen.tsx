// Placeholder until helper h11 lands the agreement screens (issue 14 section 1).
export function AgreementsScreen() {
  return null;
}
export function ProviderAgreementListScreen() {
  return null;
}
export function ProviderAgreementScreen() {
  return null;
}
