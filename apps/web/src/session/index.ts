import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Action, SessionView } from '@siteflow/core';
import { ApiError, api } from '../api/client';

export const SESSION_KEY = ['session'] as const;

export function fetchSession(signal?: AbortSignal) {
  return api.get<SessionView>('/api/session', undefined, signal);
}

/**
 * The session as the app starts on an address, for the requests it starts ahead of the screen
 * (`app/first-data.ts`): the same query as useSessionQuery's, fetched once. Undefined unless a
 * user is signed in and may do `action`.
 */
export async function sessionAllowing(client: QueryClient, action: Action): Promise<SessionView | undefined> {
  const session = await client.ensureQueryData({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
  });
  return session.user && session.abilities.includes(action) ? session : undefined;
}

/** Who is signed in here and what they may do; asked once per page load and kept fresh by sign-in/out. */
export function useSessionQuery() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** The session, for components rendered under the root layout (which waits for it). */
export function useSession(): SessionView {
  const { data } = useSessionQuery();
  if (!data) throw new Error('useSession used before the session loaded');
  return data;
}

export function useCan(action: Action): boolean {
  const { data } = useSessionQuery();
  return Boolean(data?.abilities.includes(action));
}

/**
 * Whether the user signed out on purpose (then the sign-in page gets no ?next=,
 * unlike an expired session, which returns to where the user was).
 */
let signedOutOnPurpose = false;
export const setSignedOutOnPurpose = (value: boolean) => {
  signedOutOnPurpose = value;
};
export const isSignedOutOnPurpose = () => signedOutOnPurpose;

/** After a 401 or a sign-out: keep the area and company, forget the user. */
export function forgetUser(client: QueryClient) {
  client.setQueryData<SessionView>(SESSION_KEY, (s) => (s ? { ...s, user: null, abilities: [] } : s));
}

/** The screen a signed-in user starts on in this area. */
export function homePath(session: SessionView): string {
  const can = (a: Action) => session.abilities.includes(a);
  if (session.area === 'platform')
    return can('customers.manage') ? '/customers' : can('mailbox.read') ? '/mailbox' : '/settings';
  // Projects are the work of every tenant user (client and provider users see their own).
  return can('projects.view') ? '/projects' : can('staff.view') ? '/staff' : '/settings';
}
