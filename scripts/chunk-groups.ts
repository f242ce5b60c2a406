// Fewer, bigger chunks for the signed-in screens (issue #33). The bundler splits code by the set
// of entries (every route file is one) that reach each module, so the code every signed-in
// screen loads — the frame, the menus, the modules' registrations with their dashboard cards
// and calls, the offline session — came as about sixty small files, each a request a phone on a
// slow network waits for (HTTP/1.1 fetches six at a time). Every signed-in page loads the
// signed-in layout's chunk, so whatever that chunk needs and the pages anyone can open signed out
// do not can travel as one file: `signed-in` (our code) and `signed-in-vendor` (libraries, which
// change less often). What the sign-in page loads is left as it was.
import type { ChunkingContext } from 'rolldown';

/** Loaded on every signed-in page, started by the app or the signed-in layout. */
const SIGNED_IN_ROOTS = [
  /[\\/]src[\\/]routes[\\/]_signed-in\.tsx\?tsr-split=component/,
  /[\\/]src[\\/]client[\\/]offline[\\/]offline-session\.ts$/,
];

/**
 * Route files a person opens signed out (src/routes outside _signed-in): what they reach stays out
 * of the signed-in chunks. Not `$.tsx`: an unknown address is shown in the signed-in frame
 * when signed in, so its chunk imports the frame's.
 */
const SIGNED_OUT_ROUTE = /[\\/]src[\\/]routes[\\/](?!_signed-in|\$)[^\\/]+\.tsx\?tsr-split=component/;

/** The files whose dynamic imports every page makes: main.tsx, app.tsx (and app-core.ts), the toasts. */
const STARTS_THE_APP = /[\\/]src[\\/](app[\\/]client[\\/](main|app|app-core)\.tsx?|client[\\/]shell[\\/]toasts\.ts)$/;

type Classification = { signedIn: Set<string> };

function staticReach(ctx: ChunkingContext, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    pending.push(...info.importedIds);
  }
  return seen;
}

/** Every module of the graph, found from `start` through imports and importers both ways. */
function wholeGraph(ctx: ChunkingContext, start: string): string[] {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    pending.push(...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters);
  }
  return [...seen];
}

function classify(ctx: ChunkingContext, start: string): Classification {
  const all = wholeGraph(ctx, start);
  const signedInRoots = all.filter((id) => SIGNED_IN_ROOTS.some((pattern) => pattern.test(id)));
  // Every page's: the entry and what the app starts whoever is on the page (react-dom,
  // app-core, app, the toasts, the worker's registration), and the pages opened signed out.
  const signedOutRoots = all.filter((id) => {
    if (SIGNED_IN_ROOTS.some((pattern) => pattern.test(id))) return false;
    const info = ctx.getModuleInfo(id);
    return (
      Boolean(info?.isEntry) ||
      SIGNED_OUT_ROUTE.test(id) ||
      (info?.dynamicImporters.some((importer) => STARTS_THE_APP.test(importer)) ?? false)
    );
  });
  const signedOut = staticReach(ctx, signedOutRoots);
  const reached = staticReach(ctx, signedInRoots);
  // A module also imported lazily (the persisted cache, the chat launcher) keeps a chunk of its
  // own, which imports what it needs: with any of that in the group, the group and that chunk
  // would import each other, and a chunk evaluated half-way hands out undefined (a blank page
  // after signing in, found in testing). So what such a module reaches stays out of the group.
  const lazy = [...reached].filter(
    (id) => !SIGNED_IN_ROOTS.some((pattern) => pattern.test(id)) && (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
  );
  const ownChunks = staticReach(ctx, lazy);
  const signedIn = new Set([...reached].filter((id) => !signedOut.has(id) && !ownChunks.has(id)));
  return { signedIn };
}

/** The graph is the same for every module of one chunking pass: classified once per pass. */
const classified = new WeakMap<object, Classification>();

/** The `name` of a code-splitting group: `signed-in` or `signed-in-vendor` for what only signed-in pages load, else none. */
export function signedInChunkName(id: string, ctx: ChunkingContext): string | null {
  const key = ctx as object;
  let classification = classified.get(key);
  if (!classification) {
    classification = classify(ctx, id);
    classified.set(key, classification);
  }
  // The roots keep chunks of their own, which the manifest names by their source (the service
  // worker's shell list and the route budget find them so): each a few lines importing the group.
  if (!classification.signedIn.has(id) || SIGNED_IN_ROOTS.some((pattern) => pattern.test(id))) return null;
  return /[\\/]node_modules[\\/]/.test(id) ? 'signed-in-vendor' : 'signed-in';
}
