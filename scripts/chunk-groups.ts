// Fewer, bigger chunks for the signed-in screens (issue #33). The bundler splits code by the set
// of entries (every route file is one) that reach each module, so the code every signed-in
// screen loads — the frame, the menus, the modules' registrations with their dashboard cards
// and calls, the offline session — came as about sixty small files, each a request a phone on a
// slow network waits for (HTTP/1.1 fetches six at a time). Every signed-in page loads the
// signed-in layout's chunk, so whatever that chunk needs and the pages anyone can open signed out
// do not can travel as one file: `signed-in` (our code) and `signed-in-vendor` (libraries, which
// change less often). The app's start, which every page loads, likewise: our code one chunk per
// step (`start-core`, `start-app`), and the Mantine of the start, the sign-in page and the frame
// two chunks (`start-vendor`, `frame-vendor`), found by a measuring pass of the build (below).
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

/**
 * The steps the entry starts on every page, signed in or out (src/app/client/main.tsx): each
 * step's own code comes as one chunk, in place of the thirty-odd files the bundler cut it into
 * by which routes share each module (the libraries go by the measuring pass, below). A step's
 * chunk holds what it reaches that the entry and the steps before it do not; each step is still
 * evaluated in a task of its own.
 */
const START_STEPS = [
  { root: /[\\/]src[\\/]app[\\/]client[\\/]app-core\.tsx?$/, name: 'start-core' },
  { root: /[\\/]src[\\/]app[\\/]client[\\/]app\.tsx$/, name: 'start-app' },
] as const;

type Classification = { signedIn: Set<string>; startStep: Map<string, string> };

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
  const startStep = new Map<string, string>();
  const earlier = staticReach(
    ctx,
    all.filter((id) => ctx.getModuleInfo(id)?.isEntry),
  );
  for (const step of START_STEPS) {
    const roots = all.filter((id) => step.root.test(id));
    for (const id of staticReach(ctx, roots)) {
      if (earlier.has(id)) continue;
      earlier.add(id);
      if (!roots.includes(id)) startStep.set(id, step.name);
    }
  }
  return { signedIn, startStep };
}

/** The graph is the same for every module of one chunking pass: classified once per pass. */
const classified = new WeakMap<object, Classification>();

function classification(id: string, ctx: ChunkingContext): Classification {
  const key = ctx as object;
  let found = classified.get(key);
  if (!found) {
    found = classify(ctx, id);
    classified.set(key, found);
  }
  return found;
}

/**
 * The `name` of a code-splitting group for the app's start: our code by the start step that first
 * reaches it (`start-core`, `start-app`), Mantine by `vendorSteps` (`start-vendor`, `frame-vendor`).
 */
export function startChunkNames(vendorSteps: ReadonlyMap<string, string>) {
  return (id: string, ctx: ChunkingContext): string | null => {
    const { startStep, signedIn } = classification(id, ctx);
    if (!/[\\/]node_modules[\\/]/.test(id)) return startStep.get(id) ?? null;
    if (!id.endsWith('.css')) return vendorSteps.get(id) ?? null;
    // A Mantine style sheet (no script, so not in the measuring pass's chunks) goes by who imports it.
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    if (importers.some((importer) => startStep.has(importer))) return 'start-vendor';
    return importers.some((importer) => signedIn.has(importer)) ? 'frame-vendor' : null;
  };
}

/** The `name` of a code-splitting group: `signed-in` or `signed-in-vendor` for what only signed-in pages load, else none. */
export function signedInChunkName(id: string, ctx: ChunkingContext): string | null {
  const { signedIn } = classification(id, ctx);
  // The roots keep chunks of their own, which the manifest names by their source (the service
  // worker's shell list and the route budget find them so): each a few lines importing the group.
  if (!signedIn.has(id) || SIGNED_IN_ROOTS.some((pattern) => pattern.test(id))) return null;
  return /[\\/]node_modules[\\/]/.test(id) ? 'signed-in-vendor' : 'signed-in';
}

/**
 * Set while the build runs its measuring pass: a build written nowhere, whose Mantine chunks say
 * which pages use each Mantine module once unused exports are dropped (the static imports do not
 * say it: every component imports Mantine's index, which imports every other).
 */
export const USAGE_PASS = 'STAFFLANE_CHUNK_USAGE_PASS';

type BuiltChunk = {
  type: 'chunk';
  name: string;
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
};

/**
 * Who uses a Mantine chunk, as the pages load them: the app's start on every page or the sign-in
 * page (its route, the toasts, the worker's registration), else the signed-in frame.
 */
const VENDOR_STEPS = [
  {
    users:
      /[\\/]src[\\/](app[\\/]client[\\/](main|app-core|app)\.tsx?|routes[\\/]login\.tsx\?tsr-split|client[\\/]shell[\\/]toast-container\.tsx|client[\\/]pwa[\\/]register-service-worker\.ts)/,
    name: 'start-vendor',
  },
  { users: /[\\/]src[\\/]routes[\\/]_signed-in\.tsx\?tsr-split=component/, name: 'frame-vendor' },
] as const;

/**
 * From the measuring pass's chunks, the chunk each Mantine module joins in the build: the
 * fragments that every page or the sign-in page loads as one `start-vendor`, those every
 * signed-in page loads (used by the frame) as one `frame-vendor`; the rest stay split by page.
 * The sign-in page loads what it did; a signed-out page that shares part of the frame's (welcome,
 * sign-up, the password pages) loads the frame's in full.
 */
export function vendorStepsOf(chunks: readonly BuiltChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const usersOf = new Map<string, string[]>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry || chunk.isDynamicEntry)) {
    const seen = new Set<string>();
    const pending = [entry.fileName];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      usersOf.set(file, [...(usersOf.get(file) ?? []), entry.facadeModuleId ?? '']);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
  }
  const steps = new Map<string, string>();
  for (const chunk of chunks.filter((candidate) => candidate.name.startsWith('vendor-mantine'))) {
    const users = usersOf.get(chunk.fileName) ?? [];
    const step = VENDOR_STEPS.find((candidate) => users.some((user) => candidate.users.test(user)));
    if (step) for (const id of chunk.moduleIds) steps.set(id, step.name);
  }
  return steps;
}

/** The measuring pass: the client built in memory, unminified, without the service worker and the other finishing steps. */
export async function measureVendorSteps(configFile: string): Promise<Map<string, string>> {
  process.env[USAGE_PASS] = '1';
  try {
    const { build } = await import('vite');
    const result = await build({ configFile, logLevel: 'silent', build: { write: false, minify: false, manifest: false } });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : []));
    return vendorStepsOf(outputs.filter((output): output is typeof output & BuiltChunk => output.type === 'chunk'));
  } finally {
    delete process.env[USAGE_PASS];
  }
}
