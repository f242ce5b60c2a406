// `npm run bench:startup`: how fast `npm start` (node scripts/start.mjs) answers its first 200
// with an existing data folder (embedded PostgreSQL's own start included), and what the server
// holds once idle: the Node process's resident memory (RSS) and embedded PostgreSQL's
// proportional share (PSS, summed over its processes). The first start (which creates and
// seeds the database) is not measured; then ROUNDS cold starts, each stopped cleanly.
// Targets: first 200 ≤ 1 s, idle Node memory ≤ 120 MiB. Writes tests/bench/results/startup.json.
// BENCH_START=tsx measures the way the server used to start (TypeScript compiled at run time
// by tsx, `node --import tsx src/app/server/main.ts`), for a before-and-after comparison.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, descendants, stopProcess } from './bench-support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5_000);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.tmp/bench-startup');
const resultsFile = path.join(root, `tests/bench/results/startup${process.env.BENCH_START === 'tsx' ? '-tsx' : ''}.json`);

function start(): { child: ChildProcess; startedAt: number } {
  const startedAt = performance.now();
  const args = process.env.BENCH_START === 'tsx' ? ['--import', 'tsx', 'src/app/server/main.ts'] : [path.join(root, 'scripts/start.mjs')];
  const child = spawn(process.execPath, args, {
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
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`First start (creates and seeds ${path.relative(root, dataDir)}), not measured…`);
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
      `round ${i + 1}: first 200 in ${figures.first_200_ms} ms (Node CPU ${figures.node_cpu_ms_to_first_200} ms); idle Node ${figures.idle_node_rss_mib} MiB RSS, PostgreSQL ${figures.idle_postgres_pss_mib} MiB PSS`,
    );
    await stopProcess(child);
  }
  const sorted = (pick: (r: (typeof rounds)[number]) => number) => rounds.map(pick).sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? 0;
  const result = {
    measuredAt: new Date().toISOString(),
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
      target: 'cold start to the first 200 ≤ 1000 ms (median)',
      measured: result.median.first_200_ms,
      pass: result.median.first_200_ms <= 1000,
    },
    {
      target: 'idle Node memory ≤ 120 MiB RSS (median)',
      measured: result.median.idle_node_rss_mib,
      pass: result.median.idle_node_rss_mib <= 120,
    },
  );
  console.log(`\nload average ${result.loadAverage.join(' ')} on ${result.cpus} CPUs`);
  for (const t of result.targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, resultsFile)}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
