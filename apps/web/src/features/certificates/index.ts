export { CertificationsMeRedirect, CertificationsScreen } from './certifications-screen';
export { CertificateTypeListScreen } from './certificate-type-list-screen';
export { CertificateTypeEditScreen } from './certificate-type-edit-screen';
