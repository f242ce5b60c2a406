// Route chunks outside the shell are cached the first time a page loads them. Their names
// carry a content hash, so a cached copy is never stale; entries expire so old versions'
// chunks do not pile up, yet a tab still running the previous version keeps finding the
// chunks it has already used after a new worker takes over.
import { ExpirationPlugin } from 'workbox-expiration';
import { getCacheKeyForURL } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

export const LAZY_CHUNKS_CACHE = 'stafflane-lazy-chunks';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

const CHUNK_PATH = /^\/assets\/[^/]+\.(js|css)$/;

// CacheFirst stores only 200 responses, so a 404 for a deleted chunk is never kept.
const chunks = new CacheFirst({
  cacheName: LAZY_CHUNKS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: THIRTY_DAYS_SECONDS, purgeOnQuotaError: true })],
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
