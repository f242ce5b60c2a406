// Route chunks of the menu's screens, fetched ahead after sign-in when the browser is idle and
// online: they pass through the service worker, which keeps them (sw/lazy-chunks.ts), so each
// screen of the menu opens offline later even if it was never visited. Only the code is
// fetched (no loader runs, no data is asked for); each address once per page load.
import { onlineManager } from '@tanstack/react-query';
import { useRouter, type AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useOnline } from '../offline/network';

const warmed = new Set<string>();
/** Give the page its first seconds: warming waits for an idle moment after this. */
const START_DELAY_MS = 3_000;

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

function whenIdle(callback: () => void): () => void {
  const idle = window as IdleWindow;
  let handle: number | null = null;
  const timer = window.setTimeout(() => {
    handle = idle.requestIdleCallback ? idle.requestIdleCallback(callback, { timeout: 10_000 }) : window.setTimeout(callback, 0);
  }, START_DELAY_MS);
  return () => {
    window.clearTimeout(timer);
    if (handle !== null) (window as IdleWindow & { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(handle);
  };
}

/** Loads the chunks of every route `href` goes through; answers how many routes it loaded. */
export async function warmRouteChunks(router: AnyRouter, hrefs: readonly string[]): Promise<number> {
  let loaded = 0;
  for (const href of hrefs) {
    // The signal went: stop, rather than fail every fetch that is left (the next page load goes on).
    if (!onlineManager.isOnline()) break;
    const pathname = href.split(/[?#]/)[0] ?? '';
    if (!pathname.startsWith('/') || warmed.has(pathname)) continue;
    warmed.add(pathname);
    const [routes] = router.getMatchedRoutes(pathname);
    for (const route of routes) {
      try {
        await router.loadRouteChunk(route);
        loaded += 1;
      } catch {
        // Offline again, or a deploy removed the chunk: the next page load tries again.
        warmed.delete(pathname);
      }
    }
  }
  return loaded;
}

/** In the signed-in frame, with the menu's addresses. */
export function useWarmRouteChunks(hrefs: readonly string[]): void {
  const router = useRouter();
  const online = useOnline();
  const key = hrefs.join('\n');
  useEffect(() => {
    // Without a service worker nothing would keep them: fetching ahead would only cost data. (Before
    // it controls the page, register-service-worker.ts hands it what the page loaded.)
    if (!online || !('serviceWorker' in navigator)) return;
    return whenIdle(() => void warmRouteChunks(router, key.split('\n')));
  }, [router, online, key]);
}
