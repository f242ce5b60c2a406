// `npm run bench:chat`: live support chat across two real server processes on one database
// (A: src/app/server/main.ts on a fresh embedded PostgreSQL with the demo company; B: the same
// entry pointed at A's database, no jobs), with the support-hours clock fixed inside hours
// (SUPPORT_CLOCK_FILE). 1,000 signed-in sockets, half on each server, each subscribed to its
// user channel: the administrator Ada (every team) holds a fifth of them, four demo people the
// rest. Each person starts a conversation; then, round after round, one of them sends a message
// over HTTP to A or B in turn, and each socket of that person and of Ada records when the
// chat_message event arrives: delivery latency from the moment the POST was sent, p50/p99.
// Writes tests/bench/results/chat.json with the load average beside the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../../src/app/server/seed';
import { freePort } from '../../src/server/db/embedded-postgres';
import { REALTIME_PATH, userChannel, type RealtimeServerMessage } from '../../src/shared/realtime';
import { startProcess, stopProcess } from './bench-support';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 1_000);
const ROUNDS = Number(process.env.CHAT_BENCH_ROUNDS ?? 40);
const PEOPLE = ['owner@demo.test', 'manager@demo.test', 'employee@demo.test', 'emily.walker@demo.test'];
const ADMIN = 'admin@stafflane.test';
const SESSIONS_PER_USER = 3;
const OPEN_CONCURRENCY = 50;
const TARGET_P99_MS = 200;
const IN_HOURS = '2026-11-24T10:00:00Z';
const dataDir = path.resolve('.tmp/bench-chat');

type Session = { token: string; userId: string; email: string };
type Socket = { ws: WebSocket; userId: string; arrivals: Map<string, number> };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(base: string, email: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { auth_token } = (await res.json()) as { auth_token: string };
  const claims = JSON.parse(Buffer.from(auth_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: string };
  return { token: auth_token, userId: claims.user_id, email };
}

function openSocket(url: string, session: Session): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const socket: Socket = { ws, userId: session.userId, arrivals: new Map() };
    const onSetup = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as RealtimeServerMessage;
      if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', channel: userChannel(session.userId) }));
      else if (message.type === 'subscribed') {
        ws.off('message', onSetup);
        ws.on('message', (raw) => {
          const at = performance.now();
          const text = String(raw);
          if (!text.includes('"chat_message"')) return;
          const marker = /bench-round-(\d+)/.exec(text)?.[1];
          if (marker) socket.arrivals.set(marker, at);
        });
        resolve(socket);
      } else if (message.type === 'subscription_error') reject(new Error(`subscription refused: ${message.channel}`));
    };
    ws.on('message', onSetup);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: session.token })));
    ws.once('error', reject);
  });
}

async function post(base: string, token: string, url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

async function main(): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const clockFile = path.join(dataDir, 'clock');
  fs.writeFileSync(clockFile, IN_HOURS);
  const [portA, portB, pgPort] = [await freePort(), await freePort(), await freePort()];
  const common = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '1000000000',
    SUPPORT_CLOCK_FILE: clockFile,
    ADMIN_TWO_FACTOR: '0',
  };
  const ready = /is running on/;
  const a = await startProcess({
    args: ['--import', 'tsx', 'src/app/server/main.ts'],
    env: {
      ...common,
      DATA_DIR: path.join(dataDir, 'a'),
      DATABASE_URL: '',
      SEED_DEMO: '1',
      PORT: String(portA),
      EMBEDDED_PG_PORT: String(pgPort),
    },
    ready,
  });
  const password = fs.readFileSync(path.join(dataDir, 'a', 'postgres.password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/stafflane`;
  const b = await startProcess({
    args: ['--import', 'tsx', 'src/app/server/main.ts'],
    env: {
      ...common,
      DATA_DIR: path.join(dataDir, 'b'),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      PORT: String(portB),
      JOBS_ENABLED: '0',
    },
    ready,
  });
  const bases = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  console.log(`Servers A (pid ${a.child.pid}, ${Math.round(a.ms)} ms) and B (pid ${b.child.pid}, ${Math.round(b.ms)} ms) on one database.`);

  const people: Session[][] = [];
  for (const email of PEOPLE)
    people.push(await Promise.all(Array.from({ length: SESSIONS_PER_USER }, (_, i) => signIn(bases[i % 2]!, email))));
  const admin = await Promise.all(Array.from({ length: SESSIONS_PER_USER }, (_, i) => signIn(bases[i % 2]!, ADMIN)));

  // A fifth of the sockets are Ada's; the rest are shared by the four people. Alternate servers.
  const plan: Session[] = [];
  const adminSockets = Math.round(SOCKETS / 5);
  for (let i = 0; i < SOCKETS; i++) {
    plan.push(i < adminSockets ? admin[i % admin.length]! : people[i % people.length]![Math.floor(i / people.length) % SESSIONS_PER_USER]!);
  }
  const sockets: Socket[] = [];
  let next = 0;
  const openedAt = performance.now();
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < plan.length) {
        const index = next++;
        const base = bases[index % 2]!.replace('http', 'ws');
        sockets.push(await openSocket(`${base}${REALTIME_PATH}`, plan[index]!));
      }
    }),
  );
  console.log(
    `${sockets.length} sockets open (${adminSockets} Ada's, the rest four people's), half on each server, in ${round1((performance.now() - openedAt) / 1000)} s.`,
  );

  const conversations: string[] = [];
  for (const [index, sessions] of people.entries()) {
    const started = await post(bases[index % 2]!, sessions[0]!.token, '/api/chat/conversations', {
      team: 'support',
      message: 'Bench conversation',
      confirmed: true,
    });
    const result = started.json as { kind?: string; conversation?: { id: string } };
    if (started.status !== 201 || result.kind !== 'conversation' || !result.conversation)
      throw new Error(`start failed: ${started.status} ${JSON.stringify(started.json)}`);
    conversations.push(result.conversation.id);
  }

  const latencies: number[] = [];
  let missing = 0;
  let failed = 0;
  for (let round = -2; round < ROUNDS; round++) {
    const who = ((round % PEOPLE.length) + PEOPLE.length) % PEOPLE.length;
    const person = people[who]![0]!;
    const base = bases[((round % 2) + 2) % 2]!;
    const marker = String(round + 1000);
    const expected = sockets.filter((socket) => socket.userId === person.userId || socket.userId === admin[0]!.userId);
    const startedAt = performance.now();
    const sent = await post(base, person.token, `/api/chat/conversations/${conversations[who]}/messages`, {
      body: `bench-round-${marker}`,
    });
    if (sent.status !== 201) failed++;
    const deadline = performance.now() + 5_000;
    while (expected.some((socket) => !socket.arrivals.has(marker)) && performance.now() < deadline) await sleep(2);
    if (round >= 0) {
      for (const socket of expected) {
        const at = socket.arrivals.get(marker);
        if (at === undefined) missing++;
        else latencies.push(at - startedAt);
      }
    }
    await sleep(100);
  }
  latencies.sort((x, y) => x - y);
  const [load1, load5, load15] = os.loadavg().map(round1);
  const results = {
    when: new Date().toISOString(),
    servers: 'two src/app/server/main.ts processes (NODE_ENV=production) on one embedded PostgreSQL; B runs no jobs',
    sockets: sockets.length,
    admin_sockets: adminSockets,
    rounds: ROUNDS,
    deliveries: latencies.length,
    missing,
    failed_posts: failed,
    delivery_p50_ms: round1(percentile(latencies, 50)),
    delivery_p99_ms: round1(percentile(latencies, 99)),
    delivery_max_ms: round1(latencies.at(-1) ?? NaN),
    measured_from: 'the POST of the message (HTTP, transaction, NOTIFY, fan-out on both servers)',
    load_average: { '1m': load1, '5m': load5, '15m': load15 },
    cpus: os.cpus().length,
    target_p99_ms: TARGET_P99_MS,
    met: percentile(latencies, 99) < TARGET_P99_MS && missing === 0,
  };
  console.log(
    `Chat message delivery to ${results.deliveries} socket arrivals over ${ROUNDS} rounds: p50 ${results.delivery_p50_ms} ms, ` +
      `p99 ${results.delivery_p99_ms} ms, max ${results.delivery_max_ms} ms, missing ${missing}, failed posts ${failed}; ` +
      `target p99 < ${TARGET_P99_MS} ms ${results.met ? 'met' : 'NOT met'}; load average ${load1} / ${load5} / ${load15} on ${results.cpus} CPUs.`,
  );
  fs.mkdirSync('tests/bench/results', { recursive: true });
  fs.writeFileSync('tests/bench/results/chat.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log('Wrote tests/bench/results/chat.json');

  for (const socket of sockets) socket.ws.terminate();
  await stopProcess(b.child);
  await stopProcess(a.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
