// Realtime as a client sees it: the app listening on a real port with its own LISTEN
// connection (in process, or as a separate `src/app/server/main.ts` process on the same test
// database), a `ws` client that records what the server sent, and sign-in over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../../src/app/server/app';
import type { Config } from '../../src/server/config';
import { REALTIME_PATH, type RealtimeClientMessage, type RealtimeServerMessage } from '../../src/shared/realtime';
import { FIXTURE_PASSWORD } from './identity-fixtures';
import type { TestDatabase } from './test-db';
import { BUILT_SERVER, buildServerIfStale } from './built-server';

export type ListeningApp = { app: FastifyInstance; base: string; close: () => Promise<void> };

/** The app on 127.0.0.1 with real sign-in and the fan-out's LISTEN connection on the test database. */
export async function listenApp(database: TestDatabase, config: Config): Promise<ListeningApp> {
  const app = await buildApp({ config, db: database.db, logger: pino({ level: 'silent' }), listenUrl: database.appUrl });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export type ServerProcess = { base: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** The real server process (the built `dist/server/main.mjs`) on an existing database; resolves once it listens. */
export async function startServerProcess(options: { databaseUrl: string; env?: Record<string, string> }): Promise<ServerProcess> {
  await buildServerIfStale();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      SEED_DEMO: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      // As in the in-process test app: fixture administrators sign in without a code.
      ADMIN_TWO_FACTOR: '0',
      LOG_PRETTY: '0',
      CLIENT_DIST_DIR: '.tmp/no-client',
      RATE_LIMIT_MAX: '1000000',
      JOBS_CATCH_UP_DELAY_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (chunk: Buffer) => void (out += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server process did not start in time:\n${out}`));
    }, 45_000);
    child.stdout.on('data', () => {
      const match = /is running on (http:\/\/[\w.:-]+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({ base: match[1].replace('localhost', '127.0.0.1'), child, output: () => out, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}:\n${out}`));
    });
  });
}

/** Signs in over HTTP with the fixture password: the access token. */
export async function signInAt(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FIXTURE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { auth_token: string }).auth_token;
}

export async function until(condition: () => boolean, ms = 2000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A `ws` client of REALTIME_PATH that keeps every message and its close code. */
export class RealtimeTestClient {
  readonly messages: RealtimeServerMessage[] = [];
  /** When each message arrived (performance.now()). */
  readonly arrivals: number[] = [];
  closeCode: number | null = null;
  readonly socket: WebSocket;
  readonly opened: Promise<void>;

  constructor(base: string, options: { origin?: string } = {}) {
    this.socket = new WebSocket(base.replace(/^http/, 'ws') + REALTIME_PATH, options.origin ? { origin: options.origin } : {});
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as RealtimeServerMessage);
      this.arrivals.push(performance.now());
    });
    this.socket.on('close', (code) => (this.closeCode = code));
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  static async connect(base: string, options: { origin?: string } = {}): Promise<RealtimeTestClient> {
    const client = new RealtimeTestClient(base, options);
    await client.opened;
    return client;
  }

  /** Connects, authenticates and subscribes to each channel (with its last event id, if given); waits for every `subscribed`. */
  static async ready(
    base: string,
    token: string,
    channels: { channel: string; last_event_id?: string | null }[],
  ): Promise<RealtimeTestClient> {
    const client = await RealtimeTestClient.connect(base);
    client.send({ type: 'auth', token });
    await client.waitFor((m) => m.type === 'ready');
    for (const subscription of channels) client.send({ type: 'subscribe', ...subscription });
    await client.waitFor(() => channels.every((s) => client.messages.some((m) => m.type === 'subscribed' && m.channel === s.channel)));
    return client;
  }

  send(message: RealtimeClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  async waitFor(predicate: (message: RealtimeServerMessage) => boolean, ms = 2000): Promise<RealtimeServerMessage> {
    let found: RealtimeServerMessage | undefined;
    await until(() => (found = this.messages.find(predicate)) !== undefined, ms, 'a realtime message');
    return found as RealtimeServerMessage;
  }

  async waitForClose(ms = 2000): Promise<number> {
    await until(() => this.closeCode !== null, ms, 'the socket to close');
    return this.closeCode as number;
  }

  /** The events received, in arrival order. */
  events(channel?: string) {
    return this.messages.flatMap((m) => (m.type === 'event' && (!channel || m.event.channel === channel) ? [m.event] : []));
  }

  close(): void {
    this.socket.terminate();
  }
}
