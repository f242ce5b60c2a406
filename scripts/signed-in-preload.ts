// A signed-in phone opening the app fetches everything the page needs at once (issue #33).
// The entry starts the app in steps after the first paint, and each step's chunks name the
// next ones only when they arrive: react-dom, then app-core and its imports, then app, the
// offline session, the signed-in frame, the page's route and its imports — eight round trips
// one after another on a slow network before the first card could show. This build step writes
// a small script that, for someone signed in (public/boot.js loads it then), asks for
// all of them while the static frame paints: the signed-in frame's files on any address, and
// the files of the company page at that address (its route files from the layout down and
// what they import). Only fetched here (modulepreload, preload): each still runs when the app
// reaches it. Signed out, boot.js does not load it: the sign-in page loads what it did.
// A style sheet's preload is made as Vite's loader then asks for the sheet (crossorigin, so
// credentials same-origin): a preload made otherwise is not used, and the sheet comes twice.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Bundle = Record<string, Chunk | { type: 'asset' }>;

/** Every signed-in page: the app's own steps, the offline session and the signed-in frame. */
const SIGNED_IN_FRAME = [
  /[\\/]src[\\/]client[\\/]offline[\\/]offline-session\.ts$/,
  /[\\/]src[\\/]routes[\\/]_signed-in\.tsx\?tsr-split=component/,
  /[\\/]src[\\/]routes[\\/]_signed-in[\\/]_company\.tsx\?tsr-split=component/,
];

/** A company page's split route file (`leave-and-absences.list` from `…/_company/leave-and-absences.list.tsx?tsr-split=component`). */
const COMPANY_ROUTE = /[\\/]src[\\/]routes[\\/]_signed-in[\\/]_company[\\/]([^\\/$]+)\.tsx\?tsr-split=(component|loader)/;

/** `leave-and-absences.list` → `/leave-and-absences/list`; `index` → `/`; `rotas.index` → `/rotas`. */
export function companyRoutePath(routeName: string): string {
  const segments = routeName.split('.').filter((segment) => segment !== 'index');
  return `/${segments.join('/')}`;
}

/** The route files above `routeName` and itself: `rotas`, `rotas.shifts` for `rotas.shifts`. */
function routeChain(routeName: string): string[] {
  const parts = routeName.split('.');
  return parts.map((_, index) => parts.slice(0, index + 1).join('.'));
}

function closure(bundle: Bundle, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const fileName = pending.pop() as string;
    if (seen.has(fileName)) continue;
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') continue;
    seen.add(fileName);
    pending.push(...chunk.imports);
  }
  return seen;
}

function withCss(bundle: Bundle, files: Set<string>): string[] {
  const css = [...files].flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
  return [...files, ...new Set(css)];
}

export type SignedInPreload = { files: string[]; frame: number[]; routes: Record<string, number[]> };

/** The files to ask for: the frame's (beyond the entry's own) and, per company page path, that page's beyond the frame's. */
export function signedInPreload(bundle: Bundle): SignedInPreload {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('signed-in preload: the build has no entry chunk.');
  const loadedByEntry = closure(bundle, [entry.fileName]);
  const frameRoots = [
    ...entry.dynamicImports,
    ...chunks.filter((chunk) => SIGNED_IN_FRAME.some((pattern) => pattern.test(chunk.facadeModuleId ?? ''))).map((chunk) => chunk.fileName),
  ];
  const frameFiles = closure(bundle, frameRoots);
  const frame = withCss(bundle, new Set([...frameFiles].filter((file) => !loadedByEntry.has(file))));
  const routeFiles = new Map<string, string[]>();
  for (const chunk of chunks) {
    const name = COMPANY_ROUTE.exec(chunk.facadeModuleId ?? '')?.[1];
    if (name) routeFiles.set(name, [...(routeFiles.get(name) ?? []), chunk.fileName]);
  }
  const files: string[] = [];
  const index = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const frameIndexes = frame.map(index);
  const routes: Record<string, number[]> = {};
  for (const name of [...routeFiles.keys()].sort()) {
    const own = closure(
      bundle,
      routeChain(name).flatMap((step) => routeFiles.get(step) ?? []),
    );
    const extra = withCss(bundle, new Set([...own].filter((file) => !frameFiles.has(file) && !loadedByEntry.has(file))));
    const frameCss = new Set(frame);
    routes[companyRoutePath(name)] = extra.filter((file) => !frameCss.has(file)).map(index);
  }
  return { files, frame: frameIndexes, routes };
}

/**
 * Links added per task: each starts its request as it is added, so sixty in one go held a phone's
 * main thread for about 100 ms at 4x CPU (eight a task still held it 75-90 ms); in tasks of this many, the
 * page's own scripts run between.
 */
const PRELOAD_BATCH = 4;

/** The inline script: for a signed-in visit, a modulepreload (a preload for style sheets) per file the page will need, a few links a task. */
export function preloadScript(preload: SignedInPreload, base = '/'): string {
  return `(function(){try{if(localStorage.getItem('loggedIn')!=='1')return}catch(e){return}var d=${JSON.stringify(
    preload,
  )},p=location.pathname.replace(/\\/+$/,'')||'/',h=document.head;function a(i){var f=d.files[i],l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style';l.crossOrigin=''}else l.rel='modulepreload';l.href=${JSON.stringify(
    base,
  )}+f;h.appendChild(l)}var q=d.frame.concat(d.routes[p]||[]),i=0;function n(){for(var e=Math.min(i+${PRELOAD_BATCH},q.length);i<e;i++)a(q[i]);if(i<q.length)setTimeout(n,0)}n()})()`;
}

/** The meta element naming the preload script, which public/boot.js loads for someone signed in. */
export const PRELOAD_META = 'stafflane-signed-in-preload';

/**
 * The Vite plugin: the script is a file of its own (the Content-Security-Policy allows no inline
 * script), named by a meta element that public/boot.js reads: it loads the file (async) only
 * for someone signed in, so the sign-in page never downloads it.
 */
export function signedInPreloadPlugin(): Plugin {
  return {
    name: 'stafflane:signed-in-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const source = preloadScript(signedInPreload(bundle as unknown as Bundle));
        const fileName = `assets/signed-in-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        // Before boot.js, which reads it while the page is parsed.
        const page = String(html.source);
        const boot = '<script src="/boot.js"';
        if (!page.includes(boot)) throw new Error('signed-in preload: index.html does not load /boot.js.');
        html.source = page.replace(boot, `<meta name="${PRELOAD_META}" content="/${fileName}" />\n    ${boot}`);
      },
    },
  };
}

/** The files the built preload `script` asks for at `path` (relative to the build directory): the frame's and the page's. */
export function preloadedAt(script: string, path: string): string[] {
  const data = /var d=(\{.*?\}),p=/.exec(script)?.[1];
  if (!data) throw new Error('signed-in preload: the script has no file list.');
  const preload = JSON.parse(data) as SignedInPreload;
  return [...preload.frame, ...(preload.routes[path] ?? [])].map((index) => preload.files[index] as string);
}

/** The preload script a build's index.html names (relative to the build directory), or null. */
export function preloadFileOf(indexHtml: string): string | null {
  return new RegExp(`<meta name="${PRELOAD_META}" content="/([^"]+)"`).exec(indexHtml)?.[1] ?? null;
}
