// `npm run bench:bundle`, a phase of `npm test` right after the build: the route budget. For each
// main screen (tests/bench/screens.ts), the script files a browser requests when it opens the
// screen cold and the bytes they go out as (the build's brotli copies, which the server sends
// to any browser that takes brotli; response headers not counted), read from the build's chunk
// graph (scripts/route-files.ts) with no browser and no timing; failing over the budgets below.
// Prints a table, writes tests/bench/results/bundle.json.
import fs from 'node:fs';
import path from 'node:path';
import { keysForSources, readViteManifest, type ViteManifest } from '../../scripts/chunk-graph';
import { filesForScreen, servedBytes, signedInPageScripts } from '../../scripts/route-files';
import { preloadedAt } from '../../scripts/signed-in-preload';
import { SCREENS } from './screens';

const KB = 1024;
/** The sign-in page: what a phone downloads before anyone has signed in. */
const SIGN_IN_BUDGET = { files: 22, brotli: 156 * KB };
/** Every signed-in screen of the list. */
const SIGNED_IN_BUDGET = { files: 80, brotli: 330 * KB };
/** Any one route's own chunk. */
const ROUTE_CHUNK_BUDGET = 50 * KB;

const root = path.resolve(import.meta.dirname, '../..');
const distDir = path.resolve(root, process.env.CLIENT_DIST_DIR ?? 'dist/client');
const resultsFile = path.join(root, 'tests/bench/results/bundle.json');

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const gzipBytes = (file: string) => {
  const gzip = path.join(distDir, `${file}.gz`);
  return fs.statSync(fs.existsSync(gzip) ? gzip : path.join(distDir, file)).size;
};
const sum = (files: readonly string[], size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0);

/** The entry script index.html loads must be in the graph, or every figure below measures the wrong build. */
function checkIndexHtml(entryFile: string): void {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const script = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (script !== entryFile) throw new Error(`index.html loads ${script ?? 'no module script'}, the manifest's entry is ${entryFile}.`);
}

function importsItself(manifest: ViteManifest, key: string): boolean {
  const seen = new Set<string>();
  const pending = [...(manifest[key]?.imports ?? [])];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (next === key) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(manifest[next]?.imports ?? []));
  }
  return false;
}

function main(): void {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  const manifest = readViteManifest(distDir);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  checkIndexHtml(entry?.file ?? '');

  const signedInScripts = signedInPageScripts(distDir);
  const screens = SCREENS.map((screen) => {
    const files = filesForScreen(
      manifest,
      { route: screen.route, signedIn: screen.account !== null, starts: screen.starts },
      signedInScripts,
    );
    return {
      ...screen,
      js: files.js,
      css: files.css,
      scripts: files.js.length,
      brotli: sum(files.js, (file) => servedBytes(distDir, file)),
      gzip: sum(files.js, gzipBytes),
      cssBrotli: sum(files.css, (file) => servedBytes(distDir, file)),
    };
  });
  const routeChunks = Object.entries(manifest)
    .filter(([key]) => key.startsWith('src/routes/'))
    .map(([key, chunk]) => ({ route: key, file: chunk.file, brotli: servedBytes(distDir, chunk.file) }))
    .sort((a, b) => b.brotli - a.brotli);
  const largestRoute = routeChunks[0];

  const targets = screens.map((screen) => {
    const budget = screen.account === null ? SIGN_IN_BUDGET : SIGNED_IN_BUDGET;
    return {
      target: `${screen.name} (${screen.path}): ≤ ${budget.files} scripts, ≤ ${kb(budget.brotli)} brotli`,
      measured: `${screen.scripts} scripts, ${kb(screen.brotli)}`,
      pass: screen.scripts <= budget.files && screen.brotli <= budget.brotli,
    };
  });
  // Chunks that import each other can run one before the other has finished: a value read then
  // is undefined (a blank page after signing in, when the signed-in chunks were first grouped).
  const inCycle = Object.keys(manifest).filter((key) => importsItself(manifest, key));
  targets.push({ target: 'no chunk imports itself through others', measured: inCycle.join(', ') || 'none', pass: inCycle.length === 0 });
  // A signed-in open asks for the page's files at once (scripts/signed-in-preload.ts): without its
  // route's chunks in the list, the page's code starts one round trip after another again.
  const preloadScript = signedInScripts[0];
  const notAskedFor = screens
    .filter((screen) => screen.account !== null)
    .flatMap((screen) => {
      const listed = preloadScript ? preloadedAt(fs.readFileSync(path.join(distDir, preloadScript), 'utf8'), screen.path) : [];
      return keysForSources(manifest, [screen.route])
        .filter((key) => !/tsr-split=(errorComponent|notFoundComponent)$/.test(key))
        .map((key) => manifest[key]?.file ?? key)
        .filter((file) => !listed.includes(file))
        .map((file) => `${screen.name}: ${file}`);
    });
  targets.push({
    target: 'a signed-in open of each screen asks for its route chunks at once (signed-in preload)',
    measured: notAskedFor.join(', ') || 'all asked for',
    pass: notAskedFor.length === 0,
  });
  targets.push({
    target: `every route chunk ≤ ${kb(ROUTE_CHUNK_BUDGET)} brotli`,
    measured: largestRoute ? `${kb(largestRoute.brotli)} (${largestRoute.route})` : 'none',
    pass: routeChunks.every((chunk) => chunk.brotli <= ROUTE_CHUNK_BUDGET),
  });

  console.log(
    `What a browser requests opening each screen cold (KB = 1024 bytes, bodies as sent; build in ${path.relative(root, distDir)})\n`,
  );
  console.table(
    screens.map((screen) => ({
      screen: screen.name,
      path: screen.path,
      scripts: screen.scripts,
      brotli: kb(screen.brotli),
      gzip: kb(screen.gzip),
      'style sheets': `${screen.css.length} (${kb(screen.cssBrotli)})`,
    })),
  );
  console.log(`\nJS files in the build: ${Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js')).length}\n`);
  for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);

  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  const result = { measuredAt: new Date().toISOString(), unit: 'bytes', screens, routeChunks, targets };
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, resultsFile)}`);
  if (targets.some((t) => !t.pass)) process.exitCode = 1;
}

main();
