import { Button, Group } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPageMessage } from '../ui/full-page';

/** A screen that failed to load (often a stale chunk after a deploy) or crashed. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <FullPageMessage
      title={notFound ? 'Page not found' : 'Something went wrong'}
      message={
        notFound
          ? 'The page you asked for does not exist or has moved.'
          : 'This screen could not be shown. Reloading the page usually fixes it.'
      }
    >
      <Group>
        {notFound ? null : <Button onClick={() => window.location.reload()}>Reload</Button>}
        <Button component="a" href="/" variant="default">
          Go to the start page
        </Button>
      </Group>
    </FullPageMessage>
  );
}
