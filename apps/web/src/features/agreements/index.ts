export { AgreementsScreen, ProviderAgreementListScreen, ProviderAgreementScreen } from './agreements-screen';
