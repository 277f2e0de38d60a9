import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { SESSION_KEY, forgetUser, useSessionQuery } from '../session';
import { cssVariablesResolver, theme } from './theme';

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  // A 401 anywhere means the session ended (expired, signed out elsewhere, deactivated):
  // forget the user so the guarded screens send them to sign in.
  const onError = (error: unknown, key?: readonly unknown[]) => {
    if (error instanceof ApiError && error.status === 401 && key?.[0] !== SESSION_KEY[0]) forgetUser(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry:
          options.retry === false
            ? false
            : (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** Tenant areas use a light theme; the platform (super-admin) area a dark one. */
function ThemedProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  const { data } = useSessionQuery();
  const scheme = data?.area === 'platform' ? 'dark' : 'light';
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={scheme} env={env}>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
        <Notifications position="top-right" limit={4} />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

export function AppProviders({ client, children, env }: { client: QueryClient; children: ReactNode; env?: 'test' }) {
  return (
    <QueryClientProvider client={client}>
      <ThemedProviders env={env}>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}
