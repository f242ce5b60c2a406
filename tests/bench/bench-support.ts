// What the benchmarks share: a real server process started and stopped, one autocannon run
// reported the same way (req/s, p50, p99, errors), percentiles, rounding and the load average.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/database';
import { SERVER_NODE_FLAGS } from '../support/server-node-flags';

export type ServerProcess = { child: ChildProcess; ms: number };

/** Spawns node (with the server's flags) with `args` and resolves once its stdout matches `ready` (with the time it took). */
export function startProcess(options: { args: string[]; env: NodeJS.ProcessEnv; ready: RegExp }): Promise<ServerProcess> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...options.args], {
    env: options.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (options.ready.test(out)) resolve({ child, ms: performance.now() - startedAt });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

/**
 * A benchmark's environment on its own data directory (its own embedded PostgreSQL): production,
 * quiet, no demo, no rate limit; `overrides` say what differs.
 */
export function benchEnv(dataDir: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '0',
    RATE_LIMIT_MAX: '1000000000',
    ...overrides,
  };
}

/** The configuration of a server a benchmark runs in its own process, on benchEnv. */
export function benchConfig(dataDir: string, overrides: NodeJS.ProcessEnv = {}, version = 'bench'): Config {
  return loadConfig(benchEnv(dataDir, overrides), version);
}

/** The environment of the built server on a benchmark's own data (benchEnv), listening on `port`, with no client to serve. */
export function builtServerEnv(options: { dataDir: string; port: number; pgPort: number; root: string }): NodeJS.ProcessEnv {
  return benchEnv(options.dataDir, {
    EMBEDDED_PG_PORT: String(options.pgPort),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    CLIENT_DIST_DIR: `${options.root}/.tmp/no-client`,
  });
}

/** SIGTERM, then waits for the process to finish its clean stop. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export type LoadFigures = {
  title: string;
  url: string;
  connections: number;
  duration_s: number;
  requests_per_s: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  errors: number;
  non_2xx: number;
  total: number;
};

export async function load(options: {
  title: string;
  url: string;
  connections: number;
  durationS: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const figures: LoadFigures = {
    title: options.title,
    url: options.url,
    connections: options.connections,
    duration_s: options.durationS,
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
    total: result.requests.total,
  };
  console.log(
    `${figures.title}: ${figures.requests_per_s} req/s, p50 ${figures.latency_p50_ms} ms, p99 ${figures.latency_p99_ms} ms, errors ${figures.errors}, non-2xx ${figures.non_2xx}`,
  );
  return figures;
}

/** The p-th percentile of ascending figures (nearest rank). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Milliseconds to two places, as the benchmarks print them. */
export const round = (ms: number) => Math.round(ms * 100) / 100;

/** The machine's 1, 5 and 15-minute load averages, to two places: printed beside every figure. */
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** CPU time (user + system) a process has used so far, in ms: a figure the machine's load hardly changes. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; 100 ticks a second.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The processes under `pid`, children first then theirs. */
export function descendants(pid: number): number[] {
  const children = fs.existsSync(`/proc/${pid}/task/${pid}/children`)
    ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** The pid of the embedded PostgreSQL running the cluster in `clusterDir` (first line of its postmaster.pid). */
export function postmasterPid(clusterDir: string): number {
  return Number(fs.readFileSync(`${clusterDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/**
 * CPU ms used so far by a PostgreSQL and its live backends. A backend that ended took its time
 * with it, so measure across a stretch where the pool's connections stay open.
 */
export function postgresCpuMs(postmaster: number): number {
  let total = 0;
  for (const pid of [postmaster, ...descendants(postmaster)]) {
    try {
      total += cpuMs(pid);
    } catch {
      // ended while we looked
    }
  }
  return total;
}

/**
 * The statements the application's login sends PostgreSQL while `request` runs: its
 * log_statement switched on for the cluster (as `owner`), the log in `dataDir` read, then
 * switched off again.
 */
export async function countStatements(owner: Db, dataDir: string, request: () => Promise<unknown>): Promise<number> {
  const logPath = path.join(dataDir, 'postgres.log');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  await sql`alter system set log_statement = 'all'`.execute(owner);
  await sql`alter system set log_line_prefix = '%m [%p] user=%u '`.execute(owner);
  await sql`select pg_reload_conf()`.execute(owner);
  await settle();
  const from = fs.statSync(logPath).size;
  await request();
  await settle();
  const said = fs.readFileSync(logPath).subarray(from).toString();
  await sql`alter system reset log_statement`.execute(owner);
  await sql`alter system reset log_line_prefix`.execute(owner);
  await sql`select pg_reload_conf()`.execute(owner);
  return said.split('\n').filter((line) => /user=(?!postgres )\S+ LOG: {2}(statement|execute [^:]*):/.test(line)).length;
}

/**
 * BENCH_PG_STATS=1: loads pg_stat_statements at the next start of the cluster in `clusterDir`,
 * with planning counted and the statements inside functions (the session's) shown as well.
 */
export function enableStatementStats(clusterDir: string): void {
  fs.appendFileSync(
    path.join(clusterDir, 'postgresql.auto.conf'),
    "shared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track_planning = on\npg_stat_statements.track = all\n",
  );
}

/**
 * PostgreSQL's own account of a measured run (pg_stat_statements, after enableStatementStats):
 * 'reset' before it, 'print' after it, each statement's calls and the time spent planning and
 * executing it per call; a statement run inside a function (the session's) is marked "nested".
 */
export async function statementStats(owner: Db, what: 'reset' | 'print'): Promise<void> {
  if (what === 'reset') {
    await sql`create extension if not exists pg_stat_statements`.execute(owner);
    await sql`select pg_stat_statements_reset()`.execute(owner);
    return;
  }
  const { rows } = await sql<{ calls: number; plan_ms: number; exec_ms: number; toplevel: boolean; query: string }>`
    select calls, round((total_plan_time / calls)::numeric, 3) as plan_ms, round((total_exec_time / calls)::numeric, 3) as exec_ms,
      toplevel, regexp_replace(query, '[[:space:]]+', ' ', 'g') as query
    from pg_stat_statements where calls > 100 order by total_plan_time + total_exec_time desc limit 14`.execute(owner);
  const top = rows.filter((row) => row.toplevel);
  const plan = top.reduce((sum, row) => sum + row.plan_ms * row.calls, 0);
  const all = top.reduce((sum, row) => sum + (row.plan_ms + row.exec_ms) * row.calls, 0);
  console.log(`PostgreSQL's statements (planning ${Math.round((100 * plan) / Math.max(all, 1))}% of their time):`);
  for (const row of rows)
    console.log(
      `  ${row.calls} calls${row.toplevel ? '' : ' (nested)'}, plan ${row.plan_ms} ms, run ${row.exec_ms} ms: ${row.query.slice(0, 140)}`,
    );
}
