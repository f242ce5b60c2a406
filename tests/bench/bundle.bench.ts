// `npm run bench:bundle`: the gzip size (level 9) of every JS and CSS file of the built client,
// what the /login route loads in total, and the size of each route chunk, against the budgets
// below. Prints a table and PASS/FAIL per target, writes tests/bench/results/bundle.json.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryKey, filesForRoute, readViteManifest, type ViteManifest } from '../../scripts/chunk-graph';

const KB = 1024;
const LOGIN_ROUTE_JS_BUDGET = 160 * KB;
const ROUTE_CHUNK_BUDGET = 60 * KB;

const root = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(root, 'dist/client');
const resultsFile = path.join(root, 'tests/bench/results/bundle.json');

type FileFigure = { file: string; role: string; bytes: number; gzip: number };

function builtFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : builtFiles(path.join(dir, entry.name), relative);
    return /\.(js|css)$/.test(entry.name) ? [relative] : [];
  });
}

function roles(manifest: ViteManifest): Map<string, string> {
  const byFile = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = chunk.src ?? key;
    // The entry starts the app (src/app/client/app.tsx) with a dynamic import; route chunks are the routes' own.
    const dynamicRole = source.startsWith('src/routes/')
      ? `route ${source.replace(/^src\/routes\//, '')}`
      : `started by the entry (${source})`;
    const role = chunk.isEntry ? 'entry' : chunk.isDynamicEntry ? dynamicRole : 'shared';
    byFile.set(chunk.file, role);
    for (const sheet of chunk.css ?? []) if (!byFile.has(sheet)) byFile.set(sheet, 'css');
  }
  return byFile;
}

/** The entry script index.html loads must be the manifest's entry, or the route figures below measure the wrong graph. */
function checkIndexHtml(manifest: ViteManifest): void {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const script = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  const expected = manifest[entryKey(manifest)]?.file;
  if (script !== expected) throw new Error(`index.html loads ${script ?? 'no module script'}, the manifest's entry is ${expected}.`);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function main(): void {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('No build in dist/client: run `npm run build` first.');
  const manifest = readViteManifest(distDir);
  checkIndexHtml(manifest);
  const roleOf = roles(manifest);

  const figures: FileFigure[] = builtFiles(distDir)
    .map((file) => {
      const content = fs.readFileSync(path.join(distDir, file));
      const role = file === 'sw.js' ? 'service worker' : (roleOf.get(file) ?? (file.endsWith('.css') ? 'css' : 'shared'));
      return { file, role, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const gzipOf = new Map(figures.map((figure) => [figure.file, figure.gzip]));

  const login = filesForRoute(manifest, ['src/routes/login.tsx']);
  const loginJs = login.js.reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);
  const loginCss = login.css.reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);
  const routeChunks = figures.filter((figure) => figure.role.startsWith('route '));
  const largestRoute = routeChunks[0];

  const targets = [
    { target: `login-route JS ≤ ${kb(LOGIN_ROUTE_JS_BUDGET)} gzip`, measured: loginJs, pass: loginJs <= LOGIN_ROUTE_JS_BUDGET },
    {
      target: `every route chunk ≤ ${kb(ROUTE_CHUNK_BUDGET)} gzip`,
      measured: largestRoute?.gzip ?? 0,
      pass: routeChunks.every((chunk) => chunk.gzip <= ROUTE_CHUNK_BUDGET),
    },
  ];

  console.log('Built files (gzip level 9; KB = 1024 bytes)\n');
  console.table(figures.map((f) => ({ file: f.file, role: f.role, raw: kb(f.bytes), gzip: kb(f.gzip) })));
  console.log(`\n/login loads ${login.js.length} JS files (${kb(loginJs)} gzip) and ${login.css.length} CSS files (${kb(loginCss)} gzip):`);
  for (const file of [...login.js, ...login.css]) console.log(`  ${file.padEnd(70)} ${kb(gzipOf.get(file) ?? 0)}`);
  console.log(`\nLargest route chunk: ${largestRoute ? `${largestRoute.file} (${largestRoute.role}) ${kb(largestRoute.gzip)}` : 'none'}\n`);
  for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${kb(t.measured)}`);

  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  const totals = {
    js: figures.filter((f) => f.file.endsWith('.js')).reduce((sum, f) => sum + f.gzip, 0),
    css: figures.filter((f) => f.file.endsWith('.css')).reduce((sum, f) => sum + f.gzip, 0),
  };
  const result = {
    measuredAt: new Date().toISOString(),
    unit: 'bytes',
    files: figures,
    totals,
    loginRoute: { ...login, jsGzip: loginJs, cssGzip: loginCss },
    targets,
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, resultsFile)}`);
  if (targets.some((t) => !t.pass)) process.exitCode = 1;
}

main();
