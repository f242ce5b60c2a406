// `npm run bench:lists`: the four lists of issue #33 against the server built to JavaScript
// (`node dist/server/main.mjs`, or the file BENCH_SERVER names), at 10 connections with a
// browser's Accept-Encoding, on the demo company (seeded by the server's own first start:
// 24 people, a rota, documents, expense claims, absences):
// - the directory's first page (`/api/user-basic?limit=20`, the owner);
// - the rota week of the manager's department (`/api/rota?from=&to=`);
// - HR documents (`/api/document?area=hr`, the owner);
// - expense claims waiting for the manager (`/api/user-expense?view=approve`);
// - and, for comparison, the leave approvals list (`/api/user-absence?status=needApproval…`).
// Each list gets a warm-up, then a run; `--uncached` adds a different `n=` to every request's
// URL, so no body computed before can answer it (the cost of computing the list each time).
// `--only directory,rota` picks lists. Before the runs, the statements one answer sends to
// PostgreSQL are counted (its log_statement, switched on for that one request).
// Prints a table (req/s, p50, p99, CPU per answer of Node and of PostgreSQL, bytes) with the
// load average; writes tests/bench/results/lists.json (lists-uncached.json). BENCH_CPU_PROF=<dir>
// writes a V8 profile of the server there, BENCH_PG_STATS=1 prints pg_stat_statements' time per
// statement after each list's run, BENCH_KEEP=1 keeps the data folder.
// Target (issue #33): each list ≥ 900 req/s with p99 ≤ 30 ms, like the approvals list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb, createPool } from '../../src/server/db/database';
import { freePort } from '../../src/server/db/embedded-postgres';
import { addDays, londonDate, startOfWeek } from '../../src/shared/dates';
import {
  builtServerEnv,
  countStatements,
  cpuMs,
  enableStatementStats,
  loadAverage,
  postgresCpuMs,
  postmasterPid,
  startProcess,
  statementStats,
  stopProcess,
} from './bench-support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 3);
const CONNECTIONS = 10;
const TARGET_RPS = 900;
const TARGET_P99_MS = 30;
const DEMO_PASSWORD = 'demo-password';
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
const root = path.resolve(import.meta.dirname, '../..');
const server = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'dist/server/main.mjs'));
const dataDir = path.join(root, '.tmp/bench-lists');
const UNCACHED = process.argv.includes('--uncached');
const PG_STATS = process.env.BENCH_PG_STATS === '1';
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : null;
const resultsFile = path.join(root, `tests/bench/results/${UNCACHED ? 'lists-uncached' : 'lists'}.json`);

type List = { name: string; who: 'owner' | 'manager'; url: string; target: boolean };

type Figures = {
  list: string;
  url: string;
  requests_per_s: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  bytes_per_answer: number;
  statements_per_answer: number;
  node_cpu_ms_per_answer: number;
  postgres_cpu_ms_per_answer: number;
  non_2xx: number;
  errors: number;
  load_average: number[];
};

function lists(): List[] {
  const monday = startOfWeek(londonDate(new Date()));
  const all: List[] = [
    { name: 'directory', who: 'owner', url: '/api/user-basic?limit=20', target: true },
    { name: 'rota', who: 'manager', url: `/api/rota?from=${monday}&to=${addDays(monday, 6)}`, target: true },
    { name: 'documents', who: 'owner', url: '/api/document?area=hr', target: true },
    { name: 'expenses', who: 'manager', url: '/api/user-expense?view=approve', target: true },
    { name: 'approvals', who: 'owner', url: '/api/user-absence?status=needApproval&show_relevant_to_me=1', target: false },
  ];
  return ONLY ? all.filter((list) => ONLY.includes(list.name)) : all;
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return ((await res.json()) as { auth_token: string }).auth_token;
}

async function run(input: { base: string; url: string; token: string; durationS: number; pids: { server: number; postmaster: number } }) {
  let counter = 0;
  const before = { node: cpuMs(input.pids.server), postgres: postgresCpuMs(input.pids.postmaster) };
  const result = await autocannon({
    url: `${input.base}${input.url}`,
    connections: CONNECTIONS,
    duration: input.durationS,
    headers: { authorization: `Bearer ${input.token}`, 'accept-encoding': BROWSER_ENCODING },
    ...(UNCACHED
      ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${request.path ?? ''}&n=${counter++}` }) }] }
      : {}),
  });
  const answers = Math.max(1, result.requests.total);
  const perAnswer = (ms: number) => Math.round((ms / answers) * 100) / 100;
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    bytes_per_answer: Math.round(result.throughput.total / answers),
    node_cpu_ms_per_answer: perAnswer(cpuMs(input.pids.server) - before.node),
    postgres_cpu_ms_per_answer: perAnswer(postgresCpuMs(input.pids.postmaster) - before.postgres),
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load_average: loadAverage(),
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(server)) throw new Error(`No built server at ${server}: run \`npm run build\` first.`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // BENCH_PORT and BENCH_PG_PORT: the server's and its PostgreSQL's ports (free ones by default).
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const pgPort = Number(process.env.BENCH_PG_PORT) || (await freePort());
  console.log(
    `Server ${path.relative(root, server)}; ${UNCACHED ? 'every request a different URL (computed afresh)' : 'one URL per list'}`,
  );
  const start = (args: string[] = []) =>
    startProcess({
      args: [...args, server],
      env: { ...builtServerEnv({ dataDir, port, pgPort, root }), SEED_DEMO: '1' },
      ready: /is running on/,
    });
  if (PG_STATS) {
    // pg_stat_statements loads when the cluster starts: a first start makes it and seeds the demo.
    await stopProcess((await start()).child);
    enableStatementStats(path.join(dataDir, 'postgres'));
  }
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
  const { child } = await start(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []);
  const base = `http://127.0.0.1:${port}`;
  const pids = { server: child.pid!, postmaster: postmasterPid(path.join(dataDir, 'postgres')) };
  const dbPassword = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const owner = createDb(createPool(`postgres://postgres:${encodeURIComponent(dbPassword)}@127.0.0.1:${pgPort}/stafflane`, { max: 1 }));
  const figures: Figures[] = [];
  try {
    const tokens = { owner: await signIn(base, 'owner@demo.test'), manager: await signIn(base, 'manager@demo.test') };
    for (const list of lists()) {
      const token = tokens[list.who];
      const res = await fetch(`${base}${list.url}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { count?: number; results?: unknown[]; shifts?: unknown[]; people?: unknown[] };
      if (!res.ok) throw new Error(`${list.url}: ${res.status}`);
      const rows = body.results?.length ?? body.shifts?.length ?? 0;
      // The fewest of three: a background job (every minute) can send its own meanwhile.
      let statements = Infinity;
      for (let i = 0; i < 3; i++) {
        const url = `${base}${list.url}&n=statements-${i}`;
        const counted = await countStatements(owner, dataDir, () =>
          fetch(url, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text()),
        );
        statements = Math.min(statements, counted);
      }
      await run({ base, url: list.url, token, durationS: WARM_UP_S, pids });
      if (PG_STATS) await statementStats(owner, 'reset');
      const measured = await run({ base, url: list.url, token, durationS: DURATION_S, pids });
      if (PG_STATS) await statementStats(owner, 'print');
      const row: Figures = { list: list.name, url: list.url, statements_per_answer: statements, ...measured };
      figures.push(row);
      console.log(
        `${list.name}: ${rows} rows, ${row.requests_per_s} req/s, p50 ${row.latency_p50_ms} ms, p99 ${row.latency_p99_ms} ms, ` +
          `${statements} statements, CPU per answer Node ${row.node_cpu_ms_per_answer} ms + PostgreSQL ${row.postgres_cpu_ms_per_answer} ms, ` +
          `load ${row.load_average.join(' ')}`,
      );
    }
  } finally {
    await owner.destroy();
    await stopProcess(child);
    if (process.env.BENCH_KEEP !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const targeted = new Set(
    lists()
      .filter((list) => list.target)
      .map((list) => list.name),
  );
  console.log(
    `\n${UNCACHED ? 'Computed afresh' : 'Lists'} at ${CONNECTIONS} connections, ${DURATION_S} s each (${os.cpus().length} CPUs):`,
  );
  console.log('| list | req/s | p50 ms | p99 ms | statements | Node CPU ms | PostgreSQL CPU ms | bytes | load average |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of figures) {
    console.log(
      `| ${row.list} | ${row.requests_per_s} | ${row.latency_p50_ms} | ${row.latency_p99_ms} | ${row.statements_per_answer} | ` +
        `${row.node_cpu_ms_per_answer} | ${row.postgres_cpu_ms_per_answer} | ${row.bytes_per_answer} | ${row.load_average.join(' ')} |`,
    );
  }
  const targets = figures
    .filter((row) => targeted.has(row.list))
    .map((row) => ({
      target: `${row.list} ≥ ${TARGET_RPS} req/s with p99 ≤ ${TARGET_P99_MS} ms`,
      measured: `${row.requests_per_s} req/s, p99 ${row.latency_p99_ms} ms`,
      pass: row.requests_per_s >= TARGET_RPS && row.latency_p99_ms <= TARGET_P99_MS && row.non_2xx === 0 && row.errors === 0,
    }));
  for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  const document = {
    measuredAt: new Date().toISOString(),
    server: path.relative(root, server),
    cpus: os.cpus().length,
    connections: CONNECTIONS,
    duration_s: DURATION_S,
    uncached: UNCACHED,
    results: figures,
    targets,
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, resultsFile)}`);
}

await main();
