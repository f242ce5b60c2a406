// Reads Vite's build manifest (dist/client/.vite/manifest.json) to answer "which built files
// does this part of the app load": the service worker's shell precache and the bundle
// benchmark both ask it.
import fs from 'node:fs';
import path from 'node:path';
import { SCREEN_CHUNK_REVISION } from '../src/shared/sw-messages.js';

export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(outDir: string): ViteManifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: ViteManifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('The Vite manifest has no entry chunk.');
  return key;
}

/** Keys of the chunks built from the given sources, including the route files' split parts (`login.tsx?tsr-split=component`). */
export function keysForSources(manifest: ViteManifest, sources: readonly string[]): string[] {
  return Object.keys(manifest).filter((key) => {
    const source = (manifest[key]?.src ?? key).split('?')[0];
    return source !== undefined && sources.includes(source);
  });
}

/** The chunks a browser fetches before the given chunks run: themselves and their static imports, transitively. */
export function staticClosure(manifest: ViteManifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** The JS and CSS files (relative to the build directory) of a set of chunks. */
export function filesOf(manifest: ViteManifest, keys: Iterable<string>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/**
 * What a page loads when it opens on a route made of these sources: the entry, the app the
 * entry starts (its own dynamic imports: src/app/client/main.tsx loads src/app/client/app.tsx after
 * the first paint) and the route chunks, each with its static imports.
 */
export function filesForRoute(manifest: ViteManifest, routeSources: readonly string[]): { js: string[]; css: string[] } {
  const entry = entryKey(manifest);
  const started = manifest[entry]?.dynamicImports ?? [];
  return filesOf(manifest, staticClosure(manifest, [entry, ...started, ...keysForSources(manifest, routeSources)]));
}

type PrecacheEntry = { url: string; revision: string | null; size: number };

/**
 * A workbox-build manifest transform that marks, of the built JS and CSS, everything outside the
 * shell (the files of the entry and of `shellSources`) with SCREEN_CHUNK_REVISION: the service
 * worker installs the shell only and fetches the screens' files into its runtime cache when a
 * signed-in page asks (sw/lazy-chunks.ts).
 */
export function shellPrecacheTransform(options: { outDir: string; shellSources: readonly string[] }) {
  return async (entries: PrecacheEntry[]): Promise<{ manifest: PrecacheEntry[]; warnings: string[] }> => {
    const manifest = readViteManifest(options.outDir);
    const missing = options.shellSources.filter((source) => keysForSources(manifest, [source]).length === 0);
    const shell = filesForRoute(manifest, options.shellSources);
    const keep = new Set([...shell.js, ...shell.css]);
    return {
      manifest: entries.map((entry) =>
        !entry.url.startsWith('assets/') || keep.has(entry.url) ? entry : { ...entry, revision: SCREEN_CHUNK_REVISION },
      ),
      warnings: missing.map((source) => `Shell source ${source} produced no chunk: check the list in vite.config.ts.`),
    };
  };
}
