// The app: providers, router, the session's lifecycle and (in builds) the service worker.
// Loaded by main.tsx once index.html's static frame is on screen.
import '../../client/mantine-styles';
import '../../client/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createAppRouter,
  createQueryClient,
  getToken,
  holdUntilPageDrawn,
  readCacheOwner,
  startSessionLifecycle,
  whenPageDrawn,
} from './app-core';
import { ToastHost } from '../../client/shell/toast-host';
import { cssVariablesResolver, theme } from '../../client/theme';

// Started in steps, each its own task, so a slow phone's main thread is never held for long:
// the route is resolved first (its beforeLoad redirects and its lazy component), then the
// first render runs as a transition, which yields to the browser every few milliseconds.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** One import site: each adds the chunk's dependency list to this file. */
const offlineSession = () => import('../../client/offline/offline-session');

async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  startSessionLifecycle({
    currentPath: () => router.state.location.pathname,
    goToLogin: ({ loggedOut }) => {
      queryClient.clear();
      void offlineSession().then((offline) => offline.sessionEnded());
      void router.navigate({ to: '/login', search: loggedOut ? { logout: 1 } : {} });
    },
  });
  // Signed in (or a session left data behind): restore the persisted cache before the first
  // route loads, so the app opened offline shows the last-known pages.
  if (getToken() || readCacheOwner()) {
    await offlineSession()
      .then((offline) => offline.startOfflineSession(queryClient))
      .catch(() => undefined);
  }
  await nextTask();
  await router.load().catch(() => undefined);
  await nextTask();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
          <ToastHost />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// Opened signed in: realtime and the service worker's install wait until the first page is drawn.
if (getToken()) holdUntilPageDrawn();
void start(container);

// After the page has loaded (and, opened signed in, once its first page is drawn), so installing
// the worker (and downloading workbox-window and the files it keeps) never competes with the
// first paint. Not in development, where Vite serves modules the worker would cache.
if (import.meta.env.PROD) {
  const register = () => void import('../../client/pwa/register-service-worker').then((module) => module.registerServiceWorker());
  const afterLoad = () => void (whenPageDrawn() ?? Promise.resolve()).then(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
