// The first page a signed-in phone opens is drawn before anything that can wait starts: the app,
// opened signed in, holds what waits (the realtime connection, the service worker's install)
// until the signed-in frame says its first page has painted, or a while at most. Nothing waits
// when nothing holds (signed out at start, tests).
const AT_MOST_MS = 5_000;

let held: Promise<void> | null = null;
let release: () => void = () => undefined;

/** Called by the app as it starts, signed in. */
export function holdUntilPageDrawn(atMostMs = AT_MOST_MS): void {
  if (held) return;
  held = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, atMostMs);
  });
}

/** Called once the first page has been painted. */
export function pageDrawn(): void {
  release();
}

/** Null when nothing holds: the caller goes on at once. */
export function whenPageDrawn(): Promise<void> | null {
  return held;
}
