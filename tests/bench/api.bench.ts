// `npm run bench:api`: req/s and latency of /api/version and of a signed-in 20-row list page
// from 10,000 rows (through the tenant transaction and row-level security), 50 connections,
// plus the cold start of the real server on an existing data dir. Rate limits are lifted
// through RATE_LIMIT_MAX for the run. Writes tests/bench/results/api.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../src/server/db/embedded-postgres';
import { load, startProcess, stopProcess } from './bench-support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const CONNECTIONS = 50;
const dataDir = path.resolve('.tmp/bench-api');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  RATE_LIMIT_MAX: '1000000000',
  DATABASE_URL: '',
};

const start = (args: string[], port: number, ready: RegExp) => startProcess({ args, env: { ...env, PORT: String(port) }, ready });
const loadAt = (title: string, url: string, headers: Record<string, string> = {}) =>
  load({ title, url, headers, connections: CONNECTIONS, durationS: DURATION_S });

async function main(): Promise<void> {
  console.log(`Rate limits lifted for this run (RATE_LIMIT_MAX=${env.RATE_LIMIT_MAX}); data in ${dataDir}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const { child } = await start(['--import', 'tsx', 'tests/bench/bench-server.ts'], port, /READY \d+/);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const { auth_token } = (await login.json()) as { auth_token: string };
  const page = (await fetch(`${base}/api/widgets?limit=20&offset=4980`, { headers: { authorization: `Bearer ${auth_token}` } }).then((r) =>
    r.json(),
  )) as {
    results: unknown[];
    count: number;
  };
  if (page.results.length !== 20 || page.count !== 10_000) throw new Error(`unexpected list page: ${JSON.stringify(page).slice(0, 200)}`);

  await loadAt('warm-up', `${base}/api/version`);
  const version = await loadAt('GET /api/version', `${base}/api/version`);
  const auth = { authorization: `Bearer ${auth_token}` };
  const list = await loadAt(
    'GET /api/widgets page 1 (signed in, 20 of 10,000 rows)',
    `${base}/api/widgets?limit=20&status[]=active&status[]=draft`,
    auth,
  );
  const deepList = await loadAt(
    'GET /api/widgets page 250 (offset 4,980)',
    `${base}/api/widgets?limit=20&offset=4980&status[]=active&status[]=draft`,
    auth,
  );
  await stopProcess(child);

  // Cold start of the product server on the data dir just used and an up-to-date build
  // (built first, so the measurement is the start alone).
  spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  const cold = await start(['scripts/start.mjs'], port, /Stafflane \S+ is running on/);
  const firstAnswerAt = performance.now();
  await fetch(`${base}/api/version`);
  const coldStartMs = Math.round(cold.ms + (performance.now() - firstAnswerAt));
  await stopProcess(cold.child);
  console.log(`Cold start to first answered request (existing data dir and build): ${coldStartMs} ms`);

  const targets = {
    version_rps_at_least_15000: version.requests_per_s >= 15_000,
    list_rps_at_least_2000: list.requests_per_s >= 2_000,
    p99_under_50ms: version.latency_p99_ms < 50 && list.latency_p99_ms < 50,
    zero_errors: version.errors + version.non_2xx + list.errors + list.non_2xx === 0,
    cold_start_under_5s: coldStartMs < 5_000,
  };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    version,
    list,
    deep_list: deepList,
    cold_start_ms: coldStartMs,
    targets,
  };
  fs.writeFileSync('tests/bench/results/api.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/api.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
