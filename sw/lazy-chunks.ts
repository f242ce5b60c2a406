// Route chunks outside the shell are cached the first time a page loads them. Their names
// carry a content hash, so a cached copy is never stale; entries expire so old versions'
// chunks do not pile up, yet a tab still running the previous version keeps finding the
// chunks it has already used after a new worker takes over. The chunks of screens the install
// leaves out are fetched into the same cache when a signed-in page asks (cacheScreenChunks).
import { ExpirationPlugin } from 'workbox-expiration';
import { getCacheKeyForURL, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { SCREEN_CHUNK_REVISION, type ScreensCached } from '../src/shared/sw-messages';

declare const self: ServiceWorkerGlobalScope;

export const LAZY_CHUNKS_CACHE = 'stafflane-lazy-chunks';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
/** Every screen of a build (about 170 files) and those of the version before it, while a tab may still run it. */
const MAX_ENTRIES = 500;
/** Files fetched at once: the page's own requests keep the rest of the connection. */
const PARALLEL = 3;

// .mjs: pdf.js's worker, loaded ahead by a phone that keeps a document to sign offline.
const CHUNK_PATH = /^\/assets\/[^/]+\.(js|mjs|css)$/;

// CacheFirst stores only 200 responses, so a 404 for a deleted chunk is never kept.
const chunks = new CacheFirst({
  cacheName: LAZY_CHUNKS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: MAX_ENTRIES, maxAgeSeconds: THIRTY_DAYS_SECONDS, purgeOnQuotaError: true })],
});

export function registerLazyChunks(): void {
  registerRoute(({ url, sameOrigin }) => sameOrigin && CHUNK_PATH.test(url.pathname), chunks);
}

/**
 * The chunks a page loaded before this worker controlled it (the first visit, right after
 * sign-in) never passed through the route above: the page lists them (SW_MESSAGE.cacheChunks)
 * and they are fetched into the same cache, so those routes open offline too. Precached
 * files and other origins are skipped; a failed fetch is simply not kept.
 */
export async function cacheLoadedChunks(urls: readonly string[], event: ExtendableEvent): Promise<void> {
  const origin = self.location.origin;
  const wanted = urls
    .map((url) => new URL(url, origin))
    .filter((url) => url.origin === origin && CHUNK_PATH.test(url.pathname) && !getCacheKeyForURL(url.href));
  await Promise.allSettled(wanted.map((url) => chunks.handle({ request: new Request(url.href), event })));
}

/** The precache list split: what the install keeps (the shell) and the screens' files it leaves for later. */
export function splitPrecacheList(entries: ReadonlyArray<PrecacheEntry | string>): {
  shell: Array<PrecacheEntry | string>;
  screens: string[];
} {
  const shell: Array<PrecacheEntry | string> = [];
  const screens: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string' && entry.revision === SCREEN_CHUNK_REVISION) screens.push(entry.url);
    else shell.push(entry);
  }
  return { shell, screens };
}

/**
 * Fetches every screen's file not yet in the chunk cache (a cached one is answered by the cache,
 * no request), PARALLEL at a time, off the page's main thread. Answers how many there are and
 * how many could not be fetched (offline again, or a deploy removed them: asked again later).
 */
export async function cacheScreenChunks(urls: readonly string[], event: ExtendableEvent): Promise<ScreensCached> {
  const origin = self.location.origin;
  const queue = urls.map((url) => new URL(url, origin).href);
  let failed = 0;
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      try {
        await chunks.handle({ request: new Request(url), event });
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { total: urls.length, failed };
}
