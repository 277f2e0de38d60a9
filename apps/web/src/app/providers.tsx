import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { SESSION_KEY, forgetUser, useSessionQuery } from '../session';
import { cssVariablesResolver, theme } from './theme';
import { chunk, lazyPart } from '../ui/lazy-part';

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

/**
 * Toasts and dialogs are fetched when first used, not with the page. The toasts' container (with its
 * transitions) mounts with the first toast, which waits in the notifications store until it is
 * there. The modal stack (with floating-ui and the scroll area, about 25 kB gzipped) is fetched by
 * the first `modals.open*` call, which is replayed once the provider listens: the app opens dialogs
 * only through those calls, never through the provider's context.
 */
const Notifications = lazyPart(
  chunk(() => import('./toasts')),
  (m) => m.Notifications,
);
const ModalsProvider = lazyPart(
  chunk(() => import('@mantine/modals')),
  (m) => m.ModalsProvider,
);

function OnDemandToasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} />
    </Suspense>
  );
}

const MODAL_OPENERS = ['openModal', 'openConfirmModal', 'openContextModal'].map((e) => `mantine-modals:${e}`);

function OnDemandModals() {
  const [held, setHeld] = useState<CustomEvent[] | null>(null);
  const wanted = held !== null;
  useEffect(() => {
    if (wanted) return;
    const hold = (event: Event) => setHeld((list) => [...(list ?? []), event as CustomEvent]);
    for (const name of MODAL_OPENERS) window.addEventListener(name, hold);
    return () => MODAL_OPENERS.forEach((name) => window.removeEventListener(name, hold));
  }, [wanted]);
  if (!held) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />
      <Replay events={held} />
    </Suspense>
  );
}

const replayed = new WeakSet<CustomEvent>();

/** Mounted with the provider, after its listeners: sends the calls made before it was there, once. */
function Replay({ events }: { events: CustomEvent[] }) {
  useEffect(() => {
    for (const event of events) {
      if (replayed.has(event)) continue;
      replayed.add(event);
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    }
  }, [events]);
  return null;
}

/** Tenant areas use a light theme; the platform (super-admin) area a dark one. */
function ThemedProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  const { data } = useSessionQuery();
  const scheme = data?.area === 'platform' ? 'dark' : 'light';
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={scheme} env={env}>
      <OnDemandToasts />
      <OnDemandModals />
      {children}
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
