import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes, preloadFirstScreen } from './app/router';
import { GuardedBrowserRouter } from './ui/navigation-guard';

const client = createQueryClient();
const firstScreen = preloadFirstScreen(client, window.location);

const root = createRoot(document.getElementById('root')!);
// Drawn once the first screen's code is here (the page's own spinner shows meanwhile). The public
// pages (sign-in, legal) in a transition: React renders them in slices of a few milliseconds, one
// long task otherwise, which Lighthouse counts as blocking (the sign-in page's score). A signed-in
// screen at once: in a transition the project page took twice as long to appear (warm load
// 920-1,260 ms against 440-530 ms, bench/README 2026-12-08), for responsiveness that nobody can
// use while the spinner is all there is to see.
const PUBLIC_PAGE = /^\/(login|forgot-password|reset-password|legal)(\/|$)/;
const render = PUBLIC_PAGE.test(window.location.pathname) ? startTransition : (draw: () => void) => draw();
void firstScreen.then(() =>
  render(() => {
    root.render(
      <StrictMode>
        <AppProviders client={client}>
          <GuardedBrowserRouter>
            <AppRoutes />
          </GuardedBrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  }),
);
