// The client's entry, kept tiny: index.html paints a static frame (the sign-in card on
// /login) with no script at all; the app is started once that frame is on screen, so the
// page shows at once on a slow phone however long the app takes to arrive. Browsers paint
// a first, empty frame before the content, so the signal is the first contentful paint;
// where it is not reported (or a background tab paints nothing), a timer starts the app.
import { reloadOnChunkLoadFailure } from '../../client/pwa/chunk-reload';

reloadOnChunkLoadFailure();

const FALLBACK_START_MS = 1000;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let started = false;
async function start(): Promise<void> {
  if (started) return;
  started = true;
  // In steps, each evaluated in a task of its own: evaluating every module of the app in one
  // go holds a slow phone's main thread for a long stretch. React DOM, then the router and
  // the data layer, then the look (Mantine) and the first render.
  await import('react-dom/client');
  await nextTask();
  await import('./app-core');
  await nextTask();
  await import('./app');
}

function startAfterFirstContentfulPaint(): void {
  try {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      // The task after the paint: the frame is on screen by then.
      setTimeout(() => void start(), 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the timer below starts the app.
  }
  setTimeout(() => void start(), FALLBACK_START_MS);
}

startAfterFirstContentfulPaint();
