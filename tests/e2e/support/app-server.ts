// Runs the built server for end-to-end tests: a free port, a fresh data directory (its own
// embedded PostgreSQL) and a snapshot of the built client, so a rebuild of dist/client
// during the run (someone editing sources) cannot change the files under test.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');
export const builtClientDir = path.join(root, 'dist/client');

import { freePort } from '../../../src/server/db/embedded-postgres';

export { freePort };

/** `count` different free ports: each is held until all are chosen, so no two calls get the same one. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Debian's Chromium as every test launches it (playwright.config.ts, and specs that launch their own). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The environment of a test server: production mode, quiet logs, no rate limit in the way. */
export function serverEnv(options: { port: number; dataDir: string; clientDir?: string }): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(options.port),
    // Production refuses SMTP_URL without it (e-mailed links would say localhost); the browser's origin.
    PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // The demo administrator signs in through the form in several specs without a code step;
    // tests/server/companies/administrators.test.ts proves the code is asked for when on.
    ADMIN_TWO_FACTOR: '0',
    // The jobs' catch-up runs at start, before the first test, rather than after the server's first
    // answers: a to-do a catch-up job made in the middle of a test changed what the page showed.
    JOBS_CATCH_UP_DELAY_MS: '0',
    // And the job runner starts with the app, not after its first answers: a spec's own server is
    // used the moment it answers /api/health.
    JOBS_START_DELAY_MS: '0',
    ...(options.clientDir ? { CLIENT_DIST_DIR: options.clientDir } : {}),
  };
}

/** `.tmp/<name>`, emptied. */
export function freshDir(name: string): string {
  const dir = path.join(root, '.tmp', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * `.tmp/<name>`: a data directory whose embedded PostgreSQL holds the migrated, seeded demo
 * company, made once per run by starting the built server on it and stopping it. Every server of
 * the run starts from a copy of it (`startingFrom`): a start on a copy took 1.7 s where making
 * and seeding a database took 20.8 s (measured one after the other, load average 7–10).
 */
export async function seededDataDir(name: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const dataDir = freshDir(name);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...serverEnv({ port, dataDir }), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForStart(child, 180_000);
  await stopChild(child);
  return dataDir;
}

/**
 * `.tmp/<name>`, a copy of the run's seeded data directory (E2E_SEEDED_DIR, made by
 * playwright.config.ts) when there is one, else empty. `cp -a`: the cluster's files belong to
 * the database's OS user and must stay theirs, with their modes.
 */
export function startingFrom(name: string): string {
  const seeded = process.env.E2E_SEEDED_DIR;
  const dir = freshDir(name);
  if (!seeded) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync('cp', ['-a', seeded, dir]);
  return dir;
}

/** Builds the client if its sources changed, then copies it to `.tmp/<name>` for one run. */
export function snapshotBuiltClient(name: string): string {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the client failed.');
  const dir = freshDir(name);
  fs.cpSync(builtClientDir, dir, { recursive: true });
  return dir;
}

/** Directories of earlier runs (`e2e-data-<id>`, `e2e-client-<id>`, `e2e-seeded-<id>`) whose PostgreSQL is no longer running. */
export function removeStaleRuns(): void {
  const tmp = path.join(root, '.tmp');
  if (!fs.existsSync(tmp)) return;
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith('e2e-data-')) continue;
    const pidFile = path.join(tmp, name, 'postgres', 'postmaster.pid');
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
    if (Number.isInteger(pid) && isAlive(pid)) continue;
    fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
    fs.rmSync(path.join(tmp, name.replace('e2e-data-', 'e2e-client-')), { recursive: true, force: true });
    fs.rmSync(path.join(tmp, name.replace('e2e-data-', 'e2e-seeded-')), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type AppServer = {
  url: string;
  clientDir: string;
  /** Its data directory (embedded PostgreSQL under postgres/). */
  dataDir: string;
  stop: () => Promise<void>;
  /** Stops the process and keeps its data: to the browser, the network is gone. */
  pause: () => Promise<void>;
  /** Starts it again on the same port and data. */
  resume: () => Promise<void>;
};

/**
 * Starts a server of its own on a private copy of the run's client snapshot (E2E_CLIENT_DIR,
 * set by playwright.config.ts), for a test that changes the served files or stops the server.
 * It runs the built server as the run's main server does (scripts/start.mjs, which finds it fresh):
 * compiling the TypeScript at each start cost several CPU seconds. `env` adds to serverEnv.
 */
export async function startAppServer(name: string, env: Record<string, string> = {}): Promise<AppServer> {
  const source = process.env.E2E_CLIENT_DIR ?? builtClientDir;
  if (!fs.existsSync(path.join(source, 'index.html'))) throw new Error(`No built client in ${source}: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = startingFrom(`e2e-data-${name}-${port}`);
  const clientDir = freshDir(`e2e-client-${name}-${port}`);
  fs.cpSync(source, clientDir, { recursive: true });
  const spawnServer = () =>
    spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, ...serverEnv({ port, dataDir, clientDir }), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let child = spawnServer();
  const url = await waitForStart(child, 90_000);
  return {
    url,
    clientDir,
    dataDir,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
    pause: () => stopChild(child),
    resume: async () => {
      child = spawnServer();
      await waitForStart(child, 90_000);
    },
  };
}

function waitForStart(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    // Keeps reading after the start so the pipe never fills and blocks the server.
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running on (http:\/\/\S+)/.exec(output);
      if (match?.[1] && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => fail(new Error(`The server exited (${code}) before starting:\n${output}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
