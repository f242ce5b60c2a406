// `npm run bench:lighthouse`: Lighthouse 12 (13 needs Node 22) on the main screens of
// tests/bench/screens.ts — the sign-in page and the signed-in screens of issue #33 — of the
// built app served by a real server process on a fresh data directory, in Debian's Chromium
// with Lighthouse's default mobile emulation and simulated slow-4G throttling and 4× CPU.
// A signed-in screen is opened as a phone opening it for the first time on a session: the
// demo account signs in through the form, then the browser's HTTP cache, Cache Storage,
// IndexedDB and service worker are cleared (the session's token in local storage is kept) and
// Lighthouse loads the screen without resetting storage. Three runs per screen by default
// (LIGHTHOUSE_RUNS), the median performance run reported; LIGHTHOUSE_SCREENS="dashboard
// (owner),leave list" measures some of them; CLIENT_DIST_DIR measures another build,
// LIGHTHOUSE_SERVER another built server (a copy of dist/server/main.mjs) instead of `npm start`'s,
// LIGHTHOUSE_PORT the server's port (Chromium's debugging ports the 40 after it; both free ports
// otherwise), LIGHTHOUSE_KEEP a folder for every run's whole report, LIGHTHOUSE_HTTP2=1 measures
// through HTTPS and HTTP/2 as a deployed server is reached (tests/bench/tls-proxy.ts),
// LIGHTHOUSE_VISIT=return a later open from the home-screen icon: the screen was opened once
// after the sign-in and nothing is cleared, so the service worker serves the app's files and the
// persisted query cache the page's last data. LIGHTHOUSE_THROTTLING=devtools loads the page under
// Chromium's own throttling (each request slow 4G's latency, the CPU 4x slower) instead of
// simulating it from a load at full speed. Prints the load average before and after each screen;
// writes tests/bench/results/lighthouse.json (-return, -devtools in its name for those modes).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort } from '../../src/server/db/embedded-postgres';
import { SERVER_NODE_FLAGS } from '../support/server-node-flags';
import { SCREENS, type Screen } from './screens';
import { startTlsProxy } from './tls-proxy';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Through HTTPS and HTTP/2, as a deployed server is reached (tests/bench/tls-proxy.ts); plain HTTP/1.1 to the server otherwise. */
const HTTP2 = process.env.LIGHTHOUSE_HTTP2 === '1';
/** A later open from the home-screen icon, with what the first open kept on the device; a first open otherwise. */
const RETURN_VISIT = process.env.LIGHTHOUSE_VISIT === 'return';
/**
 * The page loaded under Chromium's own throttling (slow 4G's latency on each request, 4x CPU)
 * rather than loaded at full speed and simulated: the tasks measured are those the slow phone runs.
 */
const DEVTOOLS_THROTTLING = process.env.LIGHTHOUSE_THROTTLING === 'devtools';
const TARGETS = { performance: 90, accessibility: 95, lcpMs: 2500, cls: 0.1, tbtMs: 200 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'demo-password';
const root = path.resolve(import.meta.dirname, '../..');
const keepDir = process.env.LIGHTHOUSE_KEEP ? path.resolve(process.env.LIGHTHOUSE_KEEP) : null;
const fixedPort = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : null;
/** Its own per port, so two benches on one machine never share a data directory. */
const dataDir = path.join(root, fixedPort ? `.tmp/bench-lighthouse-${fixedPort}` : '.tmp/bench-lighthouse');
const resultsFile = path.join(
  root,
  `tests/bench/results/lighthouse${RETURN_VISIT ? '-return' : ''}${DEVTOOLS_THROTTLING ? '-devtools' : ''}.json`,
);

function startServer(port: number, publicOrigin: string): Promise<ChildProcess> {
  const server = process.env.LIGHTHOUSE_SERVER ? path.resolve(process.env.LIGHTHOUSE_SERVER) : 'scripts/start.mjs';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, server], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: publicOrigin,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Every run signs in again: the sign-in limit would refuse the later ones.
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (/is running on http/.test(out)) resolve(child);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`The server exited (${code}) before starting:\n${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Run = {
  performance: number;
  accessibility: number;
  metrics: Record<string, number | undefined>;
  scripts: number;
  script_kb: number;
  api_calls: number;
  lcp_element: string | undefined;
  /** Lighthouse's measure of the machine's speed (higher is faster): the simulated figures scale the main thread's observed work by 4, so they depend on it. */
  benchmark_index: number | undefined;
  layout_shifts: string[];
  failed_accessibility_audits: string[];
};

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Signs in through the form, then, for a first open, leaves only the session: nothing the first
 * open would have cached. For a return visit, opens the screen once and leaves everything it kept
 * (the service worker and its caches, the persisted query cache written after its throttle).
 */
async function prepareVisit(port: number, origin: string, email: string, screenPath: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => location.pathname !== '/login', { timeout: 30_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 }).catch(() => undefined);
    if (RETURN_VISIT) {
      await page.goto(`${origin}${screenPath}`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // The persisted cache writes a second after the last change; the readiness fetches the menu's screens meanwhile.
      await page.waitForNetworkIdle({ idleTime: 3_000, timeout: 60_000 }).catch(() => undefined);
      await page.close();
    } else {
      // Cleared once the signed-in page is closed: open, it could still write its persisted cache
      // (a second after its last change) after the clearing, and the screen would then open with
      // the frame's data already on the device.
      await page.close();
      const blank = await browser.newPage();
      const cdp = await blank.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,indexeddb,service_workers,shader_cache' });
      await blank.close();
    }
  } finally {
    await browser.disconnect();
  }
}

type Details = { items?: Record<string, unknown>[] };

let runNumber = 0;

async function audit(origin: string, screen: Screen): Promise<Run> {
  runNumber += 1;
  const chrome = await chromeLauncher.launch({
    // A port of its own per run: the last run's Chromium may still hold the previous one.
    ...(fixedPort ? { port: fixedPort + 1 + (runNumber % 40) } : {}),
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-extensions',
      // The proxy's certificate is self-signed.
      ...(HTTP2 ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    if (screen.account) await prepareVisit(chrome.port, origin, screen.account, screen.path);
    const result = await lighthouse(`${origin}${screen.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Signed out, Lighthouse clears everything itself; signed in, the session must stay (the rest was cleared above).
      disableStorageReset: screen.account !== null,
      ...(DEVTOOLS_THROTTLING ? { throttlingMethod: 'devtools' as const } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const { lhr } = result;
    // The whole report of the last run, for reading the diagnostics (long tasks, bootup time).
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(root, '.tmp/lighthouse-last.json'), JSON.stringify(lhr));
    if (keepDir) {
      fs.mkdirSync(keepDir, { recursive: true });
      const name = `${String(runNumber).padStart(2, '0')}-${screen.name.replace(/[^a-z0-9]+/gi, '-')}.json`;
      fs.writeFileSync(path.join(keepDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (screen.account && new URL(lhr.finalDisplayedUrl).pathname === '/login')
      throw new Error('The session was lost: Lighthouse saw /login.');
    const numeric = (id: string) => lhr.audits[id]?.numericValue;
    const requests = ((lhr.audits['network-requests']?.details as Details | undefined)?.items ?? []) as {
      url: string;
      resourceType?: string;
      transferSize?: number;
    }[];
    const scripts = requests.filter((request) => request.resourceType === 'Script');
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
    const shifts = (lhr.audits['layout-shifts']?.details as Details | undefined)?.items ?? [];
    const lcpElement = lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet;
    // On a loaded machine a trace can end before the app has drawn: its "largest paint" is then the
    // static loading frame and the score a fiction (about 70). Such a run is refused and run again.
    const apiCalls = requests.filter((request) => new URL(request.url).pathname.startsWith('/api/')).length;
    if (screen.account && (apiCalls === 0 || lcpElement?.includes('boot__')))
      throw new Error(`The trace ended before the app drew the page (${apiCalls} API calls, largest paint ${lcpElement ?? 'none'}).`);
    return {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      metrics: {
        first_contentful_paint_ms: numeric('first-contentful-paint'),
        largest_contentful_paint_ms: numeric('largest-contentful-paint'),
        total_blocking_time_ms: numeric('total-blocking-time'),
        cumulative_layout_shift: numeric('cumulative-layout-shift'),
        speed_index_ms: numeric('speed-index'),
        interactive_ms: numeric('interactive'),
      },
      scripts: scripts.length,
      script_kb: Math.round(scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 102.4) / 10,
      api_calls: apiCalls,
      lcp_element: lcpElement,
      benchmark_index: lhr.environment.benchmarkIndex,
      layout_shifts: shifts.map((shift) => {
        const node = shift.node as { snippet?: string } | undefined;
        return `${Number(shift.score ?? 0).toFixed(3)} ${node?.snippet?.slice(0, 120) ?? ''}`;
      }),
      failed_accessibility_audits: (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) or ends it before the app drew; such a run is tried again, twice at most. */
async function auditWithRetry(origin: string, screen: Screen): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(origin, screen);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`(run failed, trying again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

const range = (values: number[], digits = 0) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? low.toFixed(digits) : `${low.toFixed(digits)}–${high.toFixed(digits)}`;
};

function summary(screen: Screen, runs: Run[], load: { before: string; after: string }) {
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)] as Run;
  const m = median.metrics;
  const targets = {
    performance: median.performance >= TARGETS.performance,
    lcp: (m.largest_contentful_paint_ms ?? Infinity) <= TARGETS.lcpMs,
    cls: (m.cumulative_layout_shift ?? Infinity) <= TARGETS.cls,
    tbt: (m.total_blocking_time_ms ?? Infinity) <= TARGETS.tbtMs,
  };
  const metric = (key: string) => runs.map((run) => run.metrics[key] ?? 0);
  return {
    screen: screen.name,
    path: screen.path,
    account: screen.account,
    load_average_before: load.before,
    load_average_after: load.after,
    performance: range(runs.map((run) => run.performance)),
    lcp_s: range(
      metric('largest_contentful_paint_ms').map((ms) => ms / 1000),
      1,
    ),
    cls: range(metric('cumulative_layout_shift'), 3),
    tbt_ms: range(metric('total_blocking_time_ms')),
    scripts: range(runs.map((run) => run.scripts)),
    script_kb: range(runs.map((run) => run.script_kb)),
    api_calls: range(runs.map((run) => run.api_calls)),
    median,
    pass: Object.values(targets).every(Boolean),
    targets,
  };
}

async function main(): Promise<void> {
  const distDir = path.resolve(root, process.env.CLIENT_DIST_DIR ?? 'dist/client');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  const wanted = process.env.LIGHTHOUSE_SCREENS?.split(',').map((name) => name.trim());
  const screens = SCREENS.filter((screen) => !wanted || wanted.includes(screen.name));
  if (screens.length === 0) throw new Error(`No screen named ${process.env.LIGHTHOUSE_SCREENS}: see tests/bench/screens.ts.`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = fixedPort ?? (await freePort());
  const proxyPort = HTTP2 ? await freePort() : null;
  const server = await startServer(port, proxyPort ? `https://127.0.0.1:${proxyPort}` : `http://127.0.0.1:${port}`);
  const proxy = proxyPort ? await startTlsProxy(port, proxyPort, path.join(root, '.tmp')) : null;
  const origin = proxy?.origin ?? `http://127.0.0.1:${port}`;
  const results: ReturnType<typeof summary>[] = [];
  console.log(
    `${RUNS} runs per screen, ${RETURN_VISIT ? 'a return visit' : 'a first open'}, build ${path.relative(root, distDir)}, ${HTTP2 ? 'HTTPS and HTTP/2 through a proxy' : 'HTTP/1.1'}, load average ${loadAverage()}`,
  );
  try {
    for (const screen of screens) {
      const before = loadAverage();
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await auditWithRetry(origin, screen);
        const m = run.metrics;
        console.log(
          `${screen.name} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility} ` +
            `(FCP ${Math.round(m.first_contentful_paint_ms ?? 0)} ms, LCP ${Math.round(m.largest_contentful_paint_ms ?? 0)} ms, ` +
            `TBT ${Math.round(m.total_blocking_time_ms ?? 0)} ms, CLS ${(m.cumulative_layout_shift ?? 0).toFixed(3)}, ` +
            `${run.scripts} scripts ${run.script_kb} KB, ${run.api_calls} API calls; machine's benchmark index ${run.benchmark_index ?? '?'})`,
        );
        runs.push(run);
      }
      const result = summary(screen, runs, { before, after: loadAverage() });
      if (result.median.layout_shifts.length) console.log(`  layout shifts: ${result.median.layout_shifts.join(' | ')}`);
      console.log(`  LCP element: ${result.median.lcp_element ?? 'unknown'}; load average ${before} → ${result.load_average_after}`);
      results.push(result);
    }
  } finally {
    await proxy?.close();
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nMedian run of ${RUNS}, ranges over the runs (targets: performance ≥ ${TARGETS.performance}, LCP ≤ 2.5 s, CLS ≤ 0.1, TBT ≤ 200 ms)\n`,
  );
  console.table(
    results.map((r) => ({
      screen: r.screen,
      performance: r.performance,
      'LCP s': r.lcp_s,
      CLS: r.cls,
      'TBT ms': r.tbt_ms,
      scripts: r.scripts,
      'script KB': r.script_kb,
      'API calls': r.api_calls,
      load: `${r.load_average_before} → ${r.load_average_after}`,
      pass: r.pass ? 'PASS' : 'FAIL',
    })),
  );
  const result = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${os.cpus().length} cores, node ${process.version}`,
    lighthouse: '12, default mobile emulation, simulated slow 4G and 4× CPU throttling',
    protocol: HTTP2 ? 'HTTPS and HTTP/2 through tests/bench/tls-proxy.ts' : 'HTTP/1.1 to the server',
    visit: RETURN_VISIT
      ? 'return: the screen opened once before, its service worker and persisted cache kept'
      : 'first open: only the session kept',
    build: path.relative(root, distDir),
    runs_per_screen: RUNS,
    screens: results,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, resultsFile)}`);
  if (results.some((r) => !r.pass)) process.exitCode = 1;
}

await main();
