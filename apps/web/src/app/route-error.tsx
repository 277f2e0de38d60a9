import { Component, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { FullPageMessage } from '../ui/full-page';

/** A screen that failed to load (often a stale chunk after a deploy) or crashed. */
export function RouteError() {
  return (
    <FullPageMessage
      title="Something went wrong"
      message="This screen could not be shown. Reloading the page usually fixes it."
    >
      <Group>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button component="a" href="/" variant="default">
          Go to the start page
        </Button>
      </Group>
    </FullPageMessage>
  );
}

/** Shows RouteError instead of a screen that threw; going to another address tries again. */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
