// The client's entry: providers, router, and (in builds) the service worker.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TOAST_TIMEOUT_MS } from '../shared/constants';
import { createQueryClient } from './api/query-client';
import { reloadOnChunkLoadFailure } from './pwa/chunk-reload';
import { registerServiceWorker } from './pwa/register-service-worker';
import { createAppRouter } from './router';
import { theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
reloadOnChunkLoadFailure();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} forceColorScheme="light">
      <Notifications autoClose={TOAST_TIMEOUT_MS} position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// After the page has loaded, so installing the worker never competes with the first paint.
// Not in development, where Vite serves modules the worker would cache.
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
