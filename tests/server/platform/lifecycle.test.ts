// The real server process, as built: fresh data dir (a 0700 folder, as `mktemp -d` makes) → start →
// answer → SIGTERM → clean exit → start again with the data kept and the seed not repeated;
// one data dir, one server; bad config; a failed start is one readable line.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/server/db/embedded-postgres';
import { DEMO_USER_COUNT } from '../../../src/app/server/seed';
import { BUILT_SERVER, buildServerIfStale } from '../../support/built-server';
import { createTestDatabase } from '../../support/test-db';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-lifecycle-'));
const running: ChildProcess[] = [];

type Started = { child: ChildProcess; output: () => string; errors: () => string; exited: Promise<number | null> };

function startProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: '.tmp/no-client',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let text = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, errors: () => errors, exited };
}

async function waitFor(started: Started, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Did not see ${pattern} in:\n${started.output()}`);
}

/**
 * The demo users, and who the server's own connections signed in as: the pool and LISTEN
 * apart from the background-job runner, which manages its own schema as the owner.
 */
async function inspect(
  started: Started,
): Promise<{ users: number; serverLogins: { usename: string; rolsuper: boolean }[]; jobLogins: { usename: string }[] }> {
  const [, port] = await waitFor(started, /Embedded PostgreSQL is running on 127\.0\.0\.1:(\d+)/);
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'stafflane' });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from users');
  const logins = await client.query<{ usename: string; rolsuper: boolean }>(
    `select distinct a.usename, r.rolsuper from pg_stat_activity a join pg_roles r on r.rolname = a.usename
     where a.datname = 'stafflane' and a.pid <> pg_backend_pid() and a.application_name <> 'stafflane-jobs'`,
  );
  const jobs = await client.query<{ usename: string }>(
    `select distinct usename from pg_stat_activity where datname = 'stafflane' and application_name = 'stafflane-jobs'`,
  );
  await client.end();
  return { users: Number(rows[0]?.count), serverLogins: logins.rows, jobLogins: jobs.rows };
}

async function countUsers(started: Started): Promise<number> {
  return (await inspect(started)).users;
}

beforeAll(buildServerIfStale, 300_000);
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server process lifecycle', () => {
  it('starts on a fresh 0700 data dir, stops cleanly on SIGTERM, and keeps its data across restarts', async () => {
    const port = await freePort();
    const first = startProcess({ PORT: String(port) });
    await waitFor(first, /Stafflane \S+ is running on/);
    expect(first.output()).toContain('owner@demo.test');
    const version = await fetch(`http://127.0.0.1:${port}/api/version`).then((r) => r.json());
    expect(version).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    // The job runner starts once the server has answered its first requests (JOBS_START_DELAY_MS).
    let seen = await inspect(first);
    for (const deadline = Date.now() + 20_000; seen.jobLogins.length === 0 && Date.now() < deadline; seen = await inspect(first))
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.users).toBe(DEMO_USER_COUNT);
    // Requests and the realtime LISTEN connection sign in as the application login, never as the owner.
    expect(seen.serverLogins).toEqual([{ usename: expect.stringMatching(/^stafflane_login_[0-9a-f]{12}$/), rolsuper: false }]);
    expect(seen.jobLogins).toEqual([{ usename: 'postgres' }]);
    // Other OS users gain nothing on the data dir.
    expect(fs.statSync(dataDir).mode & 0o007).toBe(0);

    // One data dir, one server.
    const second = startProcess({ PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using the data directory/);

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(dataDir, 'stafflane.lock'))).toBe(false);

    const again = startProcess({ PORT: String(port) });
    await waitFor(again, /Stafflane \S+ is running on/);
    expect(again.output()).not.toMatch(/Creating an embedded PostgreSQL cluster/);
    expect(await countUsers(again)).toBe(DEMO_USER_COUNT);
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited, again.output()).toBe(0);
  }, 150_000);

  it('says in one line why it cannot start when DATA_DIR is not a folder', async () => {
    const notAFolder = path.join(dataDir, 'stafflane.lock-not-a-folder');
    fs.writeFileSync(notAFolder, 'a file');
    const failed = startProcess({ PORT: String(await freePort()), DATA_DIR: notAFolder });
    expect(await failed.exited).toBe(1);
    expect(failed.errors().trim().split('\n')).toEqual([
      `Stafflane could not start: Cannot use ${notAFolder} (a file is in the way of a folder). Make DATA_DIR (${notAFolder}) a folder this user can write to, or set DATA_DIR to another one.`,
    ]);
  });

  it('says in one line why it cannot start when its port is taken', async () => {
    const database = await createTestDatabase();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const failed = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.ownerUrl });
      expect(await failed.exited).toBe(1);
      expect(failed.errors().trim().split('\n')).toEqual([
        `Stafflane could not start: Port ${port} on 127.0.0.1 is already in use. Stop the program using it, or set PORT to a free port.`,
      ]);
    } finally {
      holder.close();
      await database.drop();
    }
  }, 30_000);

  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const bad = startProcess({ PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.errors().trim().split('\n')).toEqual(['Stafflane could not start: Invalid configuration: PORT must be a whole number.']);
  });
});
