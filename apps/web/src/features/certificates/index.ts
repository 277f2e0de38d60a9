// Placeholder exports until the screens land (replaced by the certifications screens).
const Pending = () => null;
export const CertificationsScreen = Pending;
export const CertificationsMeRedirect = Pending;
export const CertificateTypeListScreen = Pending;
export const CertificateTypeEditScreen = Pending;
