// Route chunks outside the shell are cached the first time a page loads them. Their names
// carry a content hash, so a cached copy is never stale; entries expire so old versions'
// chunks do not pile up, yet a tab still running the previous version keeps finding the
// chunks it has already used after a new worker takes over.
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const LAZY_CHUNKS_CACHE = 'stafflane-lazy-chunks';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export function registerLazyChunks(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname),
    // CacheFirst stores only 200 responses, so a 404 for a deleted chunk is never kept.
    new CacheFirst({
      cacheName: LAZY_CHUNKS_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: THIRTY_DAYS_SECONDS, purgeOnQuotaError: true })],
    }),
  );
}
