import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_TEXT, type SessionView } from '@siteflow/core';
import { api } from '../../api/client';
import { SESSION_KEY, forgetUser, setSignedOutOnPurpose } from '../../session';
import { notifyError, notifySuccess } from '../../ui/notify';

export type LoginBody = { email: string; password: string; remember: boolean };
export type ResetBody = { token: string; email: string; password: string; password_confirmation: string };
type Message = { message: string };

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<SessionView>('/api/auth/login', body),
    onSuccess: (session) => {
      setSignedOutOnPurpose(false);
      // A new user: nothing cached for the previous one may show.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      client.setQueryData(SESSION_KEY, session);
    },
  });
}

/** Sign out; the guarded screens then send the browser to the sign-in page. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Message>('/api/auth/logout'),
    onSuccess: (data) => {
      setSignedOutOnPurpose(true);
      forgetUser(client);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      notifySuccess(data.message || AUTH_TEXT.signedOut);
    },
    onError: (error) => notifyError(error, 'Could not sign out'),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: { email: string }) => api.post<Message>('/api/auth/forgot-password', body) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetBody) => api.post<Message>('/api/auth/reset-password', body) });
}
