import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes, preloadFirstScreen } from './app/router';
import { GuardedBrowserRouter } from './ui/navigation-guard';

const client = createQueryClient();
preloadFirstScreen(client, window.location);

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first screen in slices of a few milliseconds, so the page
// stays responsive while it starts (one long task otherwise; Lighthouse counts it as blocking).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders client={client}>
        <GuardedBrowserRouter>
          <AppRoutes />
        </GuardedBrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
