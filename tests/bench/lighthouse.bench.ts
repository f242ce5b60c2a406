// `npm run bench:lighthouse`: Lighthouse 12 (13 needs Node 22) on /login of the built app,
// served by a real server process on a fresh data directory, in Debian's Chromium with
// Lighthouse's default mobile emulation and simulated slow-4G throttling. Five runs (the
// score moves by several points from run to run); the median performance run is reported.
// Writes tests/bench/results/lighthouse.json.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../../src/server/db/embedded-postgres';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const TARGETS = { performance: 90, accessibility: 95 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.tmp/bench-lighthouse');
const resultsFile = path.join(root, 'tests/bench/results/lighthouse.json');

function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
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
  lcp_element: string | undefined;
  failed_accessibility_audits: string[];
};

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const { lhr } = result;
    // The whole report of the last run, for reading the diagnostics (long tasks, bootup time).
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(root, '.tmp/lighthouse-last.json'), JSON.stringify(lhr));
    if (process.env.LIGHTHOUSE_TRACE) {
      const name = `.tmp/lighthouse-trace-${Math.round(score(lhr.categories.performance?.score))}-${Date.now()}.json`;
      fs.writeFileSync(path.join(root, name), JSON.stringify(result.artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue;
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
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
      lcp_element: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet,
      failed_accessibility_audits: (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried again, twice at most. */
async function auditWithRetry(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`(run failed, trying again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) throw new Error('No build in dist/client: run `npm run build` first.');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const server = await startServer(port);
  const url = `http://127.0.0.1:${port}/login`;
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const run = await auditWithRetry(url);
      const m = run.metrics;
      console.log(
        `run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility} ` +
          `(FCP ${Math.round(m.first_contentful_paint_ms ?? 0)} ms, LCP ${Math.round(m.largest_contentful_paint_ms ?? 0)} ms, ` +
          `TBT ${Math.round(m.total_blocking_time_ms ?? 0)} ms, CLS ${(m.cumulative_layout_shift ?? 0).toFixed(3)}, ` +
          `SI ${Math.round(m.speed_index_ms ?? 0)} ms)`,
      );
      runs.push(run);
    }
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  if (!median) throw new Error('No Lighthouse run finished.');
  console.log(`\nLCP element: ${median.lcp_element ?? 'unknown'}`);
  if (median.failed_accessibility_audits.length)
    console.log(`Failed accessibility audits:\n  ${median.failed_accessibility_audits.join('\n  ')}`);
  const targets = [
    { target: `performance ≥ ${TARGETS.performance}`, measured: median.performance, pass: median.performance >= TARGETS.performance },
    {
      target: `accessibility ≥ ${TARGETS.accessibility}`,
      measured: median.accessibility,
      pass: median.accessibility >= TARGETS.accessibility,
    },
  ];
  console.log('');
  for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  const result = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    lighthouse: '12, default mobile emulation, simulated throttling',
    url: '/login',
    runs,
    median,
    targets,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, resultsFile)}`);
  if (targets.some((t) => !t.pass)) process.exitCode = 1;
}

await main();
