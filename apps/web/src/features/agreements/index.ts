export { AgreementsScreen } from './agreements-screen';
export { ProviderAgreementListScreen, ProviderAgreementScreen } from './provider-screens';
