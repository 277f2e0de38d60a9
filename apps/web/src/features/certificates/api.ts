import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateTypeView, CertificateView, CertificationsOfType, CertificationsView } from '@siteflow/core';
import { api } from '../../api/client';
import type { CertificateOwner } from './owner';

const enc = encodeURIComponent;
const ownerQuery = (owner: CertificateOwner) => ({ is_service_provider: owner.isProvider ? 'true' : 'false' });

export const certificateKeys = {
  all: ['certifications'] as const,
  owner: (owner: CertificateOwner) => ['certifications', owner.isProvider ? 'provider' : 'user', owner.id] as const,
  list: (owner: CertificateOwner) => [...certificateKeys.owner(owner), 'list'] as const,
  ofType: (owner: CertificateOwner, typeId: string) => [...certificateKeys.owner(owner), 'type', typeId] as const,
  types: ['certificate-types'] as const,
  typeList: ['certificate-types', 'list'] as const,
  type: (id: string) => ['certificate-types', 'detail', id] as const,
};

export function useCertifications(owner: CertificateOwner) {
  return useQuery({
    queryKey: certificateKeys.list(owner),
    queryFn: ({ signal }) =>
      api.get<CertificationsView>(`/api/certifications/${enc(owner.id)}`, ownerQuery(owner), signal),
    enabled: Boolean(owner.id),
  });
}

export function useCertificationsOfType(owner: CertificateOwner, typeId: string | null) {
  return useQuery({
    queryKey: certificateKeys.ofType(owner, typeId ?? ''),
    queryFn: ({ signal }) =>
      api.get<CertificationsOfType>(
        `/api/certifications/${enc(owner.id)}/types/${enc(typeId ?? '')}`,
        ownerQuery(owner),
        signal,
      ),
    enabled: Boolean(owner.id && typeId),
  });
}

/** Create (no certId) or update one certificate: multipart built by the modal. */
export function useSaveCertificate(owner: CertificateOwner, certId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => {
      const query = `?is_service_provider=${owner.isProvider ? 'true' : 'false'}`;
      return certId
        ? api.put<CertificateView>(`/api/certifications/${enc(owner.id)}/${enc(certId)}${query}`, body)
        : api.post<CertificateView>(`/api/certifications/${enc(owner.id)}${query}`, body);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.owner(owner) }),
  });
}

export function useDeleteCertificate(owner: CertificateOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (certId: string) => api.delete<{ message: string }>(`/api/certificates/${enc(certId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.owner(owner) }),
  });
}

/** The certificate types list's request (the screen's, and the app's as it starts on the screen). */
export const certificateTypeListQuery = {
  queryKey: certificateKeys.typeList,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<{ items: CertificateTypeView[] }>('/api/certificate-types', undefined, signal),
};

export const useCertificateTypes = () => useQuery(certificateTypeListQuery);

export function useCertificateType(id: string | undefined) {
  return useQuery({
    queryKey: certificateKeys.type(id ?? ''),
    queryFn: ({ signal }) => api.get<CertificateTypeView>(`/api/certificate-types/${enc(id ?? '')}`, undefined, signal),
    enabled: Boolean(id),
  });
}

/** Types appear on every certifications page too, so a change refreshes those as well. */
function afterTypeChange(client: ReturnType<typeof useQueryClient>, saved?: CertificateTypeView) {
  if (saved?.id) client.setQueryData(certificateKeys.type(saved.id), saved);
  return Promise.all([
    client.invalidateQueries({ queryKey: certificateKeys.typeList }),
    client.invalidateQueries({ queryKey: certificateKeys.all }),
  ]);
}

export type CertificateTypeBody = {
  name: string;
  description: string | null;
  fields: Record<string, { label: string; type: string; required: boolean; options: string[] }>;
  mandatory_for_users: boolean;
  mandatory_for_providers: boolean;
  active: boolean;
};

export function useSaveCertificateType(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateTypeBody) =>
      id
        ? api.put<CertificateTypeView>(`/api/certificate-types/${enc(id)}`, body)
        : api.post<CertificateTypeView>('/api/certificate-types', body),
    onSuccess: (saved) => afterTypeChange(client, saved?.id ? saved : undefined),
  });
}

export function useDeleteCertificateType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message?: string }>(`/api/certificate-types/${enc(id)}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: certificateKeys.type(id) });
      return afterTypeChange(client);
    },
  });
}

export function useUploadSamples(typeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      for (const file of files) body.append('files[]', file);
      return api.post<CertificateTypeView>(`/api/certificate-types/${enc(typeId)}/samples`, body);
    },
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: certificateKeys.type(typeId) }), afterTypeChange(client)]),
  });
}

export function useDeleteSample(typeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.delete<unknown>(`/api/certificate-types/${enc(typeId)}/samples/${enc(fileId)}`),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: certificateKeys.type(typeId) }), afterTypeChange(client)]),
  });
}
