// Which built files a browser requests when it opens a screen cold (nothing cached), read from
// Vite's build manifest: the entry and the app it starts (src/app/client/main.tsx imports
// react-dom, app-core and app after the first paint), the chunks of every route file from the
// root down to the screen's own, the chunks the app starts by itself once it runs (the toasts,
// the service worker's registration; for a signed-in person the offline session and the top
// bar's tools) and those the screen opens by itself (a profile's first tab), each with its
// static imports. A lazy part opened by a click (a dialog, a profile's other tabs) is not counted. tests/e2e/route-files.spec.ts checks this against the
// scripts Chromium really requests.
import fs from 'node:fs';
import path from 'node:path';
import { entryKey, filesOf, keysForSources, staticClosure, type ViteManifest } from './chunk-graph';
import { preloadFileOf } from './signed-in-preload';

/** Started by the app whoever is on the page: src/client/shell/toasts.ts and the registration in src/app/client/app.tsx. */
export const STARTED_BY_THE_APP = ['src/client/shell/toast-container.tsx', 'src/client/pwa/register-service-worker.ts'];

/** Started for a signed-in person: the persisted cache, outbox and realtime (app.tsx), and the chat launcher in the top bar. */
export const STARTED_WHEN_SIGNED_IN = ['src/client/offline/offline-session.ts', 'src/modules/chat/client/chat-launcher.tsx'];

/** Scripts index.html loads by address, outside the module graph. */
export const PAGE_SCRIPTS = ['boot.js'];

/** The script boot.js loads for someone signed in, which asks for the page's files at once (scripts/signed-in-preload.ts). */
export function signedInPageScripts(distDir: string): string[] {
  const file = preloadFileOf(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  return file ? [file] : [];
}

/**
 * The route files a screen's route file sits under, root first, itself last: `__root.tsx`,
 * then every layout whose file name is a prefix of its path (`_signed-in.tsx`,
 * `_signed-in/_company.tsx`, `rotas.tsx` for `rotas.shifts.tsx`) that the build has a chunk for.
 */
export function routeChain(manifest: ViteManifest, routeFile: string): string[] {
  const relative = routeFile.replace(/^src\/routes\//, '').replace(/\.tsx$/, '');
  const chain = ['src/routes/__root.tsx'];
  const segments = relative.split('/');
  segments.forEach((segment, depth) => {
    const folder = segments.slice(0, depth).join('/');
    const parts = segment.split('.');
    for (let length = 1; length <= parts.length; length += 1) {
      const name = parts.slice(0, length).join('.');
      chain.push(`src/routes/${folder ? `${folder}/` : ''}${name}.tsx`);
    }
  });
  return [...new Set(chain)].filter((source) => keysForSources(manifest, [source]).length > 0);
}

/** A route file's chunks that run when the page opens: not its error or not-found components. */
function pageKeys(manifest: ViteManifest, sources: readonly string[]): string[] {
  return keysForSources(manifest, sources).filter((key) => !/tsr-split=(errorComponent|notFoundComponent)$/.test(key));
}

/** The JS and CSS files (relative to the build directory) a cold open of the screen requests. */
export function filesForScreen(
  manifest: ViteManifest,
  screen: { route: string; signedIn: boolean; starts?: readonly string[] },
  /** signedInPageScripts of the build. */
  signedInScripts: readonly string[] = [],
): { js: string[]; css: string[] } {
  const entry = entryKey(manifest);
  const started = [...STARTED_BY_THE_APP, ...(screen.signedIn ? STARTED_WHEN_SIGNED_IN : []), ...(screen.starts ?? [])];
  const roots = [
    entry,
    ...(manifest[entry]?.dynamicImports ?? []),
    ...pageKeys(manifest, [...routeChain(manifest, screen.route), ...started]),
  ];
  const files = filesOf(manifest, staticClosure(manifest, roots));
  return { js: [...PAGE_SCRIPTS, ...(screen.signedIn ? signedInScripts : []), ...files.js], css: files.css };
}

/** The bytes a file goes out as: its brotli copy beside it (scripts/precompress.ts), which the server sends to any browser. */
export function servedBytes(distDir: string, file: string): number {
  const brotli = path.join(distDir, `${file}.br`);
  return fs.statSync(fs.existsSync(brotli) ? brotli : path.join(distDir, file)).size;
}
