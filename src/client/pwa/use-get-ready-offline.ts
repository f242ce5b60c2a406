// The signed-in frame's start of "Ready to work offline" (src/client/pwa/offline-readiness.ts):
// once the persisted cache is restored, with the menu's areas as they are when its data step
// begins and the modules' detail pages after them, and a toast when the device has just become
// ready (or what is not).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import type { ClientModule } from '../shell/client-module';
import { useClientModules } from '../shell/client-modules';
import { showSuccessToast, showToast } from '../shell/toasts';
import { READY_TO_WORK_OFFLINE, readinessLine } from './offline-readiness-copy';
import { startOfflineReadiness, type ReadinessArea } from './offline-readiness';
import { menuAreas, readinessSteps, whenOnline } from './offline-readiness-steps';

type MenuLink = { title: string; href: string; kind: string; disabled: boolean };

const OFFLINE_READY_TOAST = 'offline-ready';

function announce(notReady: readonly string[]): void {
  if (notReady.length === 0) showSuccessToast({ id: OFFLINE_READY_TOAST, message: READY_TO_WORK_OFFLINE });
  else showToast({ id: OFFLINE_READY_TOAST, color: 'yellow', message: `${readinessLine(notReady)}. They open when you are online.` });
}

/** Every module's detail pages to fetch ahead (a company user's: an administrator has none). */
async function moduleDetails(modules: readonly ClientModule[], queryClient: QueryClient, userId: string): Promise<ReadinessArea[]> {
  if (!readTokenClaims(getToken())?.company_id) return [];
  const answers = await Promise.all(
    modules.map((module) => module.offlineDetails?.({ queryClient, userId }).catch(() => []) ?? Promise.resolve([])),
  );
  return answers.flat();
}

export function useGetReadyOffline(userId: string | undefined, items: readonly MenuLink[]): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const modules = useClientModules();
  // The menu as it stands when readiness asks: worked out then, not on every render.
  const menu = useRef(items);
  useEffect(() => {
    menu.current = items;
  });
  useEffect(() => {
    // Without a service worker nothing would keep the screens' code: there is nothing to get ready.
    if (!userId || !('serviceWorker' in navigator)) return;
    void import('../offline/offline-session')
      .then((offline) => offline.startOfflineSession(queryClient))
      .then(() =>
        startOfflineReadiness({
          userId,
          build: __BUILD_ID__,
          workerReady: navigator.serviceWorker.ready,
          areas: () => menuAreas(router, menu.current),
          details: () => moduleDetails(modules, queryClient, userId),
          steps: readinessSteps(router, queryClient),
          whenOnline,
          announce,
        }),
      );
  }, [router, queryClient, userId, modules]);
}
