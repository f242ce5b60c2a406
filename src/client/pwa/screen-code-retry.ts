// A screen whose code could not be fetched — no signal when it was opened, or a deploy removed
// the file — is tried again in place once the device is online: the router loads the route
// again (its code and its data) and the page stays as it is around it: the frame, the menu, a
// form being typed on another route's dialog, the scroll. Only if that fails too (tried twice,
// the second time after a pause for a link just back) is the page reloaded (a new deployment:
// the new version's files), at most once a minute and never offline (chunk-reload.ts). The
// route's error page (route-error-page.tsx) calls this.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useOnline } from '../offline/network';
import { leaveChunkFailuresToRoutes, reloadForMissingCode } from './chunk-reload';

// Loaded with the router's error page: from here on, a chunk that fails is retried in place.
leaveChunkFailuresToRoutes();

/** Chrome's, Firefox's and Safari's words for a module that could not be fetched, and Vite's for a style sheet it could not preload. */
const SCREEN_CODE_FAILURES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isScreenCodeFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return SCREEN_CODE_FAILURES.some((words) => message.startsWith(words));
}

/** A failure this soon after its screen's last try in place is that try failing. */
export const RETRY_ANSWERS_WITHIN_MS = 30_000;
/**
 * The second try waits this long: the browser says it is online the moment the link is back, and
 * the first request may still fail (measured: Chromium's online event came before its first
 * import could be fetched).
 */
export const SECOND_TRY_AFTER_MS = 2_000;

/** Each screen's tries in place, by the failure's words (they name the file). */
const tries = new Map<string, { count: number; at: number }>();

export type ScreenCodeStep = { retryAfterMs: number } | 'reload';

/**
 * What to do about a screen's code that could not be fetched, now that the device is online: try
 * it again in place (at once, then once more after a pause), or — when both failed — reload.
 * Reads only: a try is counted when it is made.
 */
export function nextScreenCodeStep(error: Error, now = Date.now()): ScreenCodeStep {
  const tried = tries.get(error.message);
  const count = tried && now - tried.at < RETRY_ANSWERS_WITHIN_MS ? tried.count : 0;
  if (count >= 2) return 'reload';
  return { retryAfterMs: count === 0 ? 0 : SECOND_TRY_AFTER_MS };
}

function recordTry(error: Error, now = Date.now()): void {
  const tried = tries.get(error.message);
  const count = tried && now - tried.at < RETRY_ANSWERS_WITHIN_MS ? tried.count : 0;
  tries.set(error.message, { count: count + 1, at: now });
}

/**
 * On the route's error page: a screen's code that could not be fetched is tried again in place as
 * soon as the device is online (at once if it is), then `reset` shows the route again; a reload
 * only if the tries in place failed too.
 */
export function useRetryScreenCode(error: unknown, reset: () => void): void {
  const router = useRouter();
  const online = useOnline();
  const latestReset = useRef(reset);
  useEffect(() => {
    latestReset.current = reset;
  });
  // Once per failure shown: an effect run again for it (a render, development's double run) is not a second failure.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!online || handled.current === error || !(error instanceof Error) || !isScreenCodeFailure(error)) return;
    const step = nextScreenCodeStep(error);
    // Decided when it is done: a try called off (the signal gone again, the page left) is not a try.
    const timer = window.setTimeout(
      () => {
        handled.current = error;
        if (step === 'reload') {
          reloadForMissingCode();
          return;
        }
        recordTry(error);
        void router.invalidate().then(() => latestReset.current());
      },
      step === 'reload' ? 0 : step.retryAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [online, error, router]);
}

/** For tests: forget the retries made. */
export function resetScreenCodeRetriesForTests(): void {
  tries.clear();
}
