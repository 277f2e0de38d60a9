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
// Drawn once the first screen's code is here (the page's own spinner shows meanwhile), in a
// transition: React renders it in slices of a few milliseconds, so the page stays responsive while
// it starts (one long task otherwise; Lighthouse counts it as blocking).
void firstScreen.then(() =>
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
  }),
);
