// `npm run bench:startup`: how fast `npm start` (node scripts/start.mjs) answers its first 200
// with an existing data folder (embedded PostgreSQL's own start included), and what the server
// holds once idle: the Node process's resident memory (RSS) and embedded PostgreSQL's
// proportional share (PSS, summed over its processes). The data folder is a copy of one that has
// run a day of background jobs (day-of-jobs.ts, made once for the current sources, a few
// minutes), not a freshly seeded one. The first start on the copy (which applies any newer
// migration) is not measured; then ROUNDS cold starts, each stopped cleanly.
// Targets (the peer's figures on this machine): first 200 ≤ 650 ms, idle Node memory ≤ 120 MiB, idle
// PostgreSQL ≤ 40 MiB. Prints the load average and a table; writes tests/bench/results/startup.json.
// BENCH_START=tsx measures the way the server used to start (TypeScript compiled at run time
// by tsx, `node --import tsx src/app/server/main.ts`), for a before-and-after comparison.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../support/server-node-flags';
import { cpuMs, descendants, stopProcess } from './bench-support';
import { dayOfJobsDataDir } from './day-of-jobs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5_000);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, `.tmp/bench-startup-${PORT}`);
const resultsFile = path.join(root, `tests/bench/results/startup${process.env.BENCH_START === 'tsx' ? '-tsx' : ''}.json`);

function start(): { child: ChildProcess; startedAt: number } {
  const startedAt = performance.now();
  const args = process.env.BENCH_START === 'tsx' ? ['--import', 'tsx', 'src/app/server/main.ts'] : [path.join(root, 'scripts/start.mjs')];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, startedAt };
}

async function firstOk(startedAt: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A process's resident set (kB in /proc) in MiB. */
function rssMiB(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m);
  return Number(line?.[1] ?? 0) / 1024;
}

/** PSS of every process of the embedded PostgreSQL whose data directory is ours. */
function postgresPssMiB(): number {
  let kb = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const postmaster = cmdline.includes(dataDir) && cmdline.includes('postgres');
      const pids = postmaster ? [Number(entry), ...descendants(Number(entry))] : [];
      for (const pid of pids) {
        const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+)/m);
        kb += Number(rollup?.[1] ?? 0);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return kb / 1024;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

async function main(): Promise<void> {
  const dayOfJobs = await dayOfJobsDataDir();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // cp -a: the cluster's files keep their owner (the postgres OS user when run as root).
  execFileSync('cp', ['-a', dayOfJobs, dataDir]);
  const made = JSON.parse(fs.readFileSync(path.join(dataDir, 'day-of-jobs.json'), 'utf8')) as { runs: number };
  console.log(`Data: a copy of ${path.relative(root, dayOfJobs)} (the demo company after a day of jobs, ${made.runs} runs)`);
  console.log(`First start (applies any newer migration), not measured…`);
  const first = start();
  await firstOk(first.startedAt, first.child);
  await stopProcess(first.child);

  const rounds: { first_200_ms: number; node_cpu_ms_to_first_200: number; idle_node_rss_mib: number; idle_postgres_pss_mib: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const { child, startedAt } = start();
    const ms = await firstOk(startedAt, child);
    const cpu = cpuMs(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const figures = {
      first_200_ms: Math.round(ms),
      node_cpu_ms_to_first_200: cpu,
      idle_node_rss_mib: round1(rssMiB(child.pid!)),
      idle_postgres_pss_mib: round1(postgresPssMiB()),
    };
    rounds.push(figures);
    console.log(
      `round ${i + 1}: first 200 in ${figures.first_200_ms} ms (Node CPU ${figures.node_cpu_ms_to_first_200} ms); idle Node ${figures.idle_node_rss_mib} MiB RSS, PostgreSQL ${figures.idle_postgres_pss_mib} MiB PSS; load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    await stopProcess(child);
  }
  const sorted = (pick: (r: (typeof rounds)[number]) => number) => rounds.map(pick).sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? 0;
  const result = {
    measuredAt: new Date().toISOString(),
    data: 'a day of background jobs (tests/bench/day-of-jobs.ts)',
    start: process.env.BENCH_START === 'tsx' ? 'node --import tsx src/app/server/main.ts' : 'node scripts/start.mjs',
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    cpus: os.cpus().length,
    rounds,
    median: {
      first_200_ms: median(sorted((r) => r.first_200_ms)),
      node_cpu_ms_to_first_200: median(sorted((r) => r.node_cpu_ms_to_first_200)),
      idle_node_rss_mib: median(sorted((r) => r.idle_node_rss_mib)),
      idle_postgres_pss_mib: median(sorted((r) => r.idle_postgres_pss_mib)),
    },
    targets: [] as { target: string; measured: number; pass: boolean }[],
  };
  result.targets.push(
    {
      target: 'cold start to the first 200 ≤ 650 ms (median)',
      measured: result.median.first_200_ms,
      pass: result.median.first_200_ms <= 650,
    },
    {
      target: 'idle Node memory ≤ 120 MiB RSS (median)',
      measured: result.median.idle_node_rss_mib,
      pass: result.median.idle_node_rss_mib <= 120,
    },
    {
      target: 'idle embedded PostgreSQL ≤ 40 MiB PSS (median)',
      measured: result.median.idle_postgres_pss_mib,
      pass: result.median.idle_postgres_pss_mib <= 40,
    },
  );
  const cell = (value: number | string, width: number) => String(value).padStart(width);
  console.log(`\n| round | first 200 ms | Node CPU ms | idle Node RSS MiB | idle PostgreSQL PSS MiB |`);
  console.log(`|---|---|---|---|---|`);
  for (const [index, r] of [...rounds.entries(), [-1, result.median] as const]) {
    console.log(
      `| ${index < 0 ? 'median' : index + 1} | ${cell(r.first_200_ms, 6)} | ${cell(r.node_cpu_ms_to_first_200, 6)} | ${cell(r.idle_node_rss_mib, 6)} | ${cell(r.idle_postgres_pss_mib, 6)} |`,
    );
  }
  console.log(`\nload average ${result.loadAverage.join(' ')} on ${result.cpus} CPUs`);
  for (const t of result.targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, resultsFile)}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
// The day-of-jobs run in this process leaves the modules' timers behind; the measuring is done.
process.exit(0);
