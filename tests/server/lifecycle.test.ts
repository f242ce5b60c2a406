// The real server process: fresh data dir → start → answer → SIGTERM → clean exit → start
// again with the data kept and the seed not repeated; one data dir, one server; bad config.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded-postgres';
import { DEMO_USER_COUNT } from '../../src/server/db/seed';

const dataDir = path.resolve('.tmp', `lifecycle-${process.pid}`);
const running: ChildProcess[] = [];

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(started: Started, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Did not see ${pattern} in:\n${started.output()}`);
}

async function countUsers(started: Started): Promise<number> {
  const [, port] = await waitFor(started, /Embedded PostgreSQL is running on 127\.0\.0\.1:(\d+)/);
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'stafflane' });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from users');
  await client.end();
  return Number(rows[0]?.count);
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server process lifecycle', () => {
  it('starts on a fresh data dir, stops cleanly on SIGTERM, and keeps its data across restarts', async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const port = await freePort();
    const first = startProcess({ PORT: String(port) });
    await waitFor(first, /Stafflane \S+ is running on/);
    expect(first.output()).toContain('owner@demo.test');
    const version = await fetch(`http://127.0.0.1:${port}/api/version`).then((r) => r.json());
    expect(version).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(await countUsers(first)).toBe(DEMO_USER_COUNT);

    // One data dir, one server.
    const second = startProcess({ PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using the data directory/);

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
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
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const bad = startProcess({ PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid configuration:\n {2}- PORT must be a whole number/);
  });
});
