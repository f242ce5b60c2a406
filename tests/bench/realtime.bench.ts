// `npm run bench:realtime`: the real server process (src/app/server/main.ts on a fresh embedded
// database with the demo company) holding 1,000 and then 5,000 idle signed-in sockets,
// each subscribed to its user and company channels: the server's RSS at each. Then the
// fan-out of one company event (published by publish() in a committed transaction,
// straight on the database) to 1,000 sockets, 20 times: per-socket delivery latency p50/p99.
// The server runs under a shell that raises its open-file limit (ulimit -n). Writes
// tests/bench/results/realtime.json.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { createDb, createPool } from '../../src/server/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/app/server/seed';
import { freePort } from '../../src/server/db/embedded-postgres';
import { publish } from '../../src/server/realtime/publish';
import { companyChannel, REALTIME_PATH, userChannel, type RealtimeServerMessage } from '../../src/shared/realtime';
import { stopProcess } from './bench-support';

const STEPS = [1_000, 5_000];
const FANOUT_SOCKETS = 1_000;
const FANOUT_ROUNDS = 20;
const SESSIONS_PER_ACCOUNT = 5;
const OPEN_CONCURRENCY = 100;
const FD_LIMIT = 65_536;
const TARGETS = { rss_mb_at_5000: 400, fanout_p99_ms: 200 };
const dataDir = path.resolve('.tmp/bench-realtime');

type Socket = { ws: WebSocket; userId: string; arrivals: Map<string, number> };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

async function signIn(base: string, email: string): Promise<{ token: string; userId: string; companyId: string | null }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { auth_token } = (await res.json()) as { auth_token: string };
  const claims = JSON.parse(Buffer.from(auth_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    user_id: string;
    company_id: string | null;
  };
  return { token: auth_token, userId: claims.user_id, companyId: claims.company_id };
}

/** Opens one socket, authenticates and subscribes to the user's and company's channels; resolves once both are `subscribed`. */
function openSocket(url: string, session: { token: string; userId: string; companyId: string }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const socket: Socket = { ws, userId: session.userId, arrivals: new Map() };
    let subscribed = 0;
    const onSetup = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as RealtimeServerMessage;
      if (message.type === 'ready') {
        ws.send(JSON.stringify({ type: 'subscribe', channel: userChannel(session.userId) }));
        ws.send(JSON.stringify({ type: 'subscribe', channel: companyChannel(session.companyId) }));
      } else if (message.type === 'subscribed' && ++subscribed === 2) {
        ws.off('message', onSetup);
        // From here on only arrival times are kept: no parsing on the measuring side.
        ws.on('message', (raw) => {
          const at = performance.now();
          const id = /"id":"(\d+)"/.exec(String(raw))?.[1];
          if (id) socket.arrivals.set(id, at);
        });
        resolve(socket);
      } else if (message.type === 'subscription_error') reject(new Error(`subscription refused: ${message.channel}`));
    };
    ws.on('message', onSetup);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: session.token })));
    ws.once('error', reject);
    ws.once('close', (code) => (subscribed < 2 ? reject(new Error(`socket closed during set-up: ${code}`)) : undefined));
  });
}

async function openSockets(
  url: string,
  sessions: { token: string; userId: string; companyId: string }[],
  count: number,
  into: Socket[],
): Promise<void> {
  let next = into.length;
  const target = into.length + count;
  const worker = async () => {
    while (next < target) {
      const index = next++;
      const session = sessions[index % sessions.length];
      if (!session) throw new Error('no session');
      into.push(await openSocket(url, session));
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
}

/** Like bench-support's startProcess, through `sh` so the server's open-file limit can be raised before node starts (exec keeps the pid). */
function startRaisedServer(options: { env: NodeJS.ProcessEnv }): Promise<{ child: ChildProcess; ms: number }> {
  const startedAt = performance.now();
  const script = `ulimit -n ${FD_LIMIT} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  const child = spawn('sh', ['-c', script, process.execPath, '--import', 'tsx', 'src/app/server/main.ts'], {
    env: options.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/is running on/.test(out)) resolve({ child, ms: performance.now() - startedAt });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

async function main(): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const pgPort = await freePort();
  const shellLimit = spawnSync('sh', ['-c', `ulimit -n ${FD_LIMIT} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; ulimit -n`], {
    encoding: 'utf8',
  }).stdout.trim();
  console.log(
    `Server started under a shell with ulimit -n ${shellLimit} (raised for the ${STEPS.at(-1)} sockets); this process: ${spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()}.`,
  );
  const { child, ms } = await startRaisedServer({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      RATE_LIMIT_MAX: '1000000000',
    },
  });
  const pid = child.pid ?? 0;
  console.log(`Server ready in ${Math.round(ms)} ms (pid ${pid}); RSS at rest ${rssMb(pid)} MB.`);
  const base = `http://127.0.0.1:${port}`;
  const url = `ws://127.0.0.1:${port}${REALTIME_PATH}`;
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const db = createDb(createPool(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/stafflane`, { max: 2 }));

  const companyAccounts = DEMO_ACCOUNTS.filter((account) => account.role !== 'Administrator');
  const sessions: { token: string; userId: string; companyId: string }[] = [];
  for (const account of companyAccounts) {
    for (let i = 0; i < SESSIONS_PER_ACCOUNT; i++) {
      const session = await signIn(base, account.email);
      if (!session.companyId) throw new Error(`${account.email} has no company`);
      sessions.push({ ...session, companyId: session.companyId });
    }
  }
  const companyId = sessions[0]?.companyId ?? '';
  console.log(`${sessions.length} sessions of ${companyAccounts.length} demo users (${SESSIONS_PER_ACCOUNT} each) shared by all sockets.`);

  const sockets: Socket[] = [];
  const steps: { sockets: number; rss_mb: number; open_s: number }[] = [];
  let fanout: {
    sockets: number;
    rounds: number;
    deliveries: number;
    missing: number;
    p50_ms: number;
    p99_ms: number;
    max_ms: number;
  } | null = null;
  for (const step of STEPS) {
    const startedAt = performance.now();
    await openSockets(url, sessions, step - sockets.length, sockets);
    const openS = Math.round((performance.now() - startedAt) / 100) / 10;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rss = rssMb(pid);
    steps.push({ sockets: sockets.length, rss_mb: rss, open_s: openS });
    console.log(`${sockets.length} idle sockets (user + company channels each): server RSS ${rss} MB (opened in ${openS} s)`);

    if (sockets.length === FANOUT_SOCKETS) fanout = await measureFanout(db, sockets, companyId);
  }

  const rssAt5000 = steps.find((s) => s.sockets === 5_000)?.rss_mb ?? NaN;
  const results = {
    when: new Date().toISOString(),
    server: 'src/app/server/main.ts, embedded PostgreSQL, NODE_ENV=production, one process',
    fd_limit: shellLimit,
    sessions: sessions.length,
    steps,
    fanout,
    targets: TARGETS,
    met: { rss: rssAt5000 < TARGETS.rss_mb_at_5000, fanout_p99: (fanout?.p99_ms ?? Infinity) < TARGETS.fanout_p99_ms },
  };
  console.log(
    `Targets: 5,000 sockets < ${TARGETS.rss_mb_at_5000} MB → ${rssAt5000} MB (${results.met.rss ? 'met' : 'NOT met'}); ` +
      `fan-out p99 < ${TARGETS.fanout_p99_ms} ms → ${fanout?.p99_ms} ms (${results.met.fanout_p99 ? 'met' : 'NOT met'})`,
  );
  fs.mkdirSync('tests/bench/results', { recursive: true });
  fs.writeFileSync('tests/bench/results/realtime.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log('Wrote tests/bench/results/realtime.json');

  for (const socket of sockets) socket.ws.terminate();
  await db.destroy();
  await stopProcess(child);
}

/** Publishes FANOUT_ROUNDS company events, one at a time; each socket's delivery latency counts from the publishing transaction's start. */
async function measureFanout(db: ReturnType<typeof createDb>, sockets: Socket[], companyId: string) {
  const latencies: number[] = [];
  let missing = 0;
  // A warm-up round, not counted.
  for (let round = -1; round < FANOUT_ROUNDS; round++) {
    const startedAt = performance.now();
    const event = await db
      .transaction()
      .execute((trx) =>
        publish(trx, { channel: companyChannel(companyId), event: 'bench.fanout', invalidates: ['bench'], payload: { round }, companyId }),
      );
    const deadline = performance.now() + 5000;
    while (sockets.some((s) => !s.arrivals.has(event.id)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
    if (round < 0) continue;
    for (const socket of sockets) {
      const at = socket.arrivals.get(event.id);
      if (at === undefined) missing++;
      else latencies.push(at - startedAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  latencies.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 10) / 10;
  const figures = {
    sockets: sockets.length,
    rounds: FANOUT_ROUNDS,
    deliveries: latencies.length,
    missing,
    p50_ms: round2(percentile(latencies, 50)),
    p99_ms: round2(percentile(latencies, 99)),
    max_ms: round2(latencies.at(-1) ?? NaN),
  };
  console.log(
    `Fan-out of one company event to ${figures.sockets} sockets × ${figures.rounds}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms, missing ${figures.missing} (from the start of the publishing transaction)`,
  );
  return figures;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
