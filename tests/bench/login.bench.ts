// `npm run bench:login`: real sign-ins (scrypt hashing, lock bookkeeping, session and audit
// rows) of the demo owner, 10 connections for 30 s, against a real server process on a fresh
// embedded database. The per-address lock and the rate limit are lifted through
// LOGIN_MAX_ATTEMPTS and RATE_LIMIT_MAX for the run, and the output says so.
// Writes tests/bench/results/login.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { freePort } from '../../src/server/db/embedded-postgres';
import { load, startProcess, stopProcess } from './bench-support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const CONNECTIONS = 10;
const dataDir = path.resolve('.tmp/bench-login');
const lifted = { RATE_LIMIT_MAX: '1000000000', LOGIN_MAX_ATTEMPTS: '1000000000' };
const credentials = JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' });

/** Password hashes per second this machine manages with the server's own parameters: the ceiling for sign-ins. */
async function hashCeiling(seconds: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      await hashPassword('demo-password');
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return Math.round(done / seconds);
}

async function main(): Promise<void> {
  console.log(
    `Lifted for this run: RATE_LIMIT_MAX=${lifted.RATE_LIMIT_MAX}, LOGIN_MAX_ATTEMPTS=${lifted.LOGIN_MAX_ATTEMPTS}; ` +
      `UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}; data in ${dataDir}`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  const loadBefore = os.loadavg()[0] ?? 0;
  const ceiling = await hashCeiling(5);
  console.log(
    `scrypt alone, ${CONNECTIONS} at a time in this process: ${ceiling} hashes/s; 1-minute load average before the run ${loadBefore.toFixed(2)}`,
  );
  const port = await freePort();
  const env = {
    ...process.env,
    ...lifted,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '1',
    PORT: String(port),
  };
  const { child } = await startProcess({ args: ['--import', 'tsx', 'src/app/server/main.ts'], env, ready: /is running on/ });
  const url = `http://127.0.0.1:${port}/api/login`;
  try {
    const check = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials });
    const body = (await check.json()) as { auth_token?: string };
    if (check.status !== 200 || !body.auth_token) throw new Error(`the demo owner cannot sign in: ${check.status} ${JSON.stringify(body)}`);

    const request = {
      url,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: credentials,
      connections: CONNECTIONS,
    };
    await load({ ...request, title: 'warm-up', durationS: 3 });
    const login = await load({ ...request, title: `POST /api/login (demo owner, ${CONNECTIONS} connections)`, durationS: DURATION_S });

    const targets = { zero_errors: login.errors + login.non_2xx === 0 };
    for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
    fs.mkdirSync('tests/bench/results', { recursive: true });
    const out = {
      measured_at: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, ${os.cpus().length} cores, node ${process.version}`,
      lifted,
      scrypt_hashes_per_s: ceiling,
      load_average_before: Number(loadBefore.toFixed(2)),
      login,
      targets,
    };
    fs.writeFileSync('tests/bench/results/login.json', `${JSON.stringify(out, null, 2)}\n`);
    console.log('Wrote tests/bench/results/login.json');
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
