// The precache list vite-plugin-pwa (injectManifest) writes into the built worker.
import type { PrecacheEntry } from 'workbox-precaching';

declare global {
  interface ServiceWorkerGlobalScope {
    /** Replaced at build time by the list of shell files to precache. */
    __WB_MANIFEST: Array<PrecacheEntry | string>;
  }
}
