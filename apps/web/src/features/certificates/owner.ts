import { useLocation, useParams } from 'react-router';

export type CertificateOwner = { id: string; isProvider: boolean };

/**
 * Whose certifications these are: user mode for /users/{userId}/…; otherwise (first path segment
 * not 'users', e.g. /service-providers/{id}/certifications) a service provider.
 */
export function ownerFromPath(pathname: string): CertificateOwner {
  const segments = pathname.split('/');
  // ['', first, id, 'certifications']: the owner id is the third segment counting the leading empty one.
  return { id: decodeURIComponent(segments[2] ?? ''), isProvider: segments[1] !== 'users' };
}

export function useCertificateOwner(): CertificateOwner {
  const location = useLocation();
  const params = useParams();
  const fromPath = ownerFromPath(location.pathname);
  return { id: params.userId ?? params.id ?? fromPath.id, isProvider: fromPath.isProvider };
}
