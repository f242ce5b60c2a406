// "Install the app" in place of the store badges: the browser's own install
// prompt (`beforeinstallprompt`, kept from when this module loads) where there is one,
// instructions on iOS Safari, which has none, and nothing once the app runs installed.
import { useSyncExternalStore } from 'react';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for our button instead of the browser's own mini bar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    changed();
  });
}

export type InstallOption = 'prompt' | 'ios' | 'none';

export function isRunningInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone and iPad Safari (iPadOS reports itself as a Mac with touch). */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  // Other iOS browsers cannot add to the home screen the same way (or say so themselves).
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

function currentOption(): InstallOption {
  if (installed || isRunningInstalled()) return 'none';
  if (deferred) return 'prompt';
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? 'ios' : 'none';
}

export function useInstallOption(): InstallOption {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentOption,
    () => 'none',
  );
}

/** Shows the browser's prompt; it can be used once, so it is dropped afterwards. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  changed();
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}
