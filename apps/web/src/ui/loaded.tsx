import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './query-states';

/** What `Loaded` needs of a TanStack query. */
type LoadingQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A record's page body: the error with Try again when the request failed, the loading text until
 * the record is there, then `children` of the record.
 */
export function Loaded<T>({
  query,
  loading,
  errorTitle,
  children,
}: {
  query: LoadingQuery<T>;
  /** 'Loading the client…'. */
  loading: string;
  /** 'Could not load the client'. */
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  if (query.data === undefined) return <LoadingState label={loading} />;
  return children(query.data);
}

/** Two requests as one: both records once both answered, the first error, and Try again asks both again. */
export function bothQueries<A, B>(a: LoadingQuery<A>, b: LoadingQuery<B>): LoadingQuery<[A, B]> {
  const failed = a.isError ? a : b.isError ? b : null;
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    isError: failed !== null,
    error: failed?.error,
    refetch: () => {
      void a.refetch();
      void b.refetch();
    },
  };
}
