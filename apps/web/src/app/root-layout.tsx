import { useEffect, useLayoutEffect } from 'react';
import { Button, Code } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router';
import type { Action } from '@siteflow/core';
import { ApiError } from '../api/client';
import { FullPageLoader, FullPageMessage } from '../ui/full-page';
import { homePath, isSignedOutOnPurpose, useSession, useSessionQuery } from '../session';

const scrollByPath = new Map<string, number>();

/**
 * A new screen opens at its top (a link from far down a page used to land mid-page); Back
 * returns to where the user was. Keyed by path, so filters kept in the query string (replace
 * navigations) never move the page.
 */
function useScrollRestoration() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    window.scrollTo(0, (navigation === 'POP' ? scrollByPath.get(pathname) : undefined) ?? 0);
    const save = () => scrollByPath.set(pathname, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
    // Only a new path moves the page: a replace navigation (filters) keeps it where it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/** Waits for the session; an unknown company address gets a page of its own. */
export function RootLayout() {
  const query = useSessionQuery();
  useScrollRestoration();
  const name = query.data
    ? query.data.area === 'platform'
      ? 'Siteflow'
      : `${query.data.tenant.name} · Siteflow`
    : 'Siteflow';
  useEffect(() => {
    document.title = name;
  }, [name]);

  if (query.isPending) return <FullPageLoader />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <FullPageMessage title="Company not found" message={error.message}>
          <p style={{ margin: 0 }}>
            Check the address: <Code>{window.location.host}</Code>
          </p>
        </FullPageMessage>
      );
    }
    return (
      <FullPageMessage title="Siteflow is unavailable" message={error.message}>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </FullPageMessage>
    );
  }
  return <Outlet />;
}

/** Signed-in screens only: anyone else goes to sign in, and comes back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.user) {
    const here = location.pathname + location.search;
    const next = here === '/' || isSignedOutOnPurpose() ? '' : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  return <Outlet />;
}

/** A screen the user's role may not use says so instead of failing request by request. */
export function RequireAbility({ ability }: { ability: Action }) {
  const session = useSession();
  if (!session.abilities.includes(ability)) {
    return (
      <FullPageMessage title="No access" message="You do not have permission to open this page.">
        <Button component="a" href={homePath(session)}>
          Go to the start page
        </Button>
      </FullPageMessage>
    );
  }
  return <Outlet />;
}

export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={homePath(session)} replace />;
}

export function NotFoundScreen() {
  return (
    <FullPageMessage title="Page not found" message="The page you asked for does not exist or has moved.">
      <Button component="a" href="/">
        Go to the start page
      </Button>
    </FullPageMessage>
  );
}
