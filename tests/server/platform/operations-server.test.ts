// The built server (dist/server/main.mjs) as an operator runs it: a fresh external database
// with no demo, the first administrator made with `npm run admin`, their link followed, their
// sign-in code read from a real SMTP server, a company made; the embedded database shared
// with the command line and stopped on SIGHUP; and every refusal one line with no secret in it.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../src/server/db/embedded-postgres';
import { withDatabaseName } from '../../../src/server/db/open';
import { mailText } from '../../support/identity-fixtures';
import { BUILT_SERVER, buildServerIfStale } from '../../support/built-server';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestDatabase } from '../../support/test-db';

const root = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'Hunter2-Secret';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-operations-'));
// Other OS users pass through (the embedded PostgreSQL runs as postgres when the tests run as root).
fs.chmodSync(tmp, 0o711);
const children: ReturnType<typeof spawn>[] = [];

type Run = {
  code: Promise<number | null>;
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  kill: (signal: NodeJS.Signals) => void;
};

function run(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CLIENT_DIST_DIR: '.tmp/no-client',
      DATABASE_URL: '',
      SEED_DEMO: '0',
      DATA_DIR: path.join(tmp, 'unused'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    code: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    output: () => stdout + stderr,
    stdout: () => stdout,
    stderr: () => stderr,
    kill: (signal) => child.kill(signal),
  };
}

const server = (env: Record<string, string>) => run([BUILT_SERVER], env);
const admin = (args: string[], env: Record<string, string>) => run(['--import', 'tsx', 'src/app/server/cli/admin-cli.ts', ...args], env);

async function started(process: Run): Promise<string> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline && !/is running on/.test(process.stdout())) {
    const exited = await Promise.race([process.code, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    if (exited !== 'waiting') throw new Error(`the server exited with ${String(exited)}:\n${process.output()}`);
  }
  return process.stdout();
}

/** Exit code 1 and exactly one line on stderr, which is returned. */
async function refused(process: Run): Promise<string> {
  expect(await process.code, process.output()).toBe(1);
  const lines = process.stderr().trim().split('\n');
  expect(lines, process.output()).toHaveLength(1);
  expect(process.output()).not.toContain(SECRET);
  return lines[0]!;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function api(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

beforeAll(async () => {
  // Only the server bundle, and only when a source is newer: other builds take the same lock.
  await buildServerIfStale();
}, 300_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

// The cases wait mostly on processes and PostgreSQL: they run side by side.
describe.concurrent('the built server', () => {
  describe('a new install on an external PostgreSQL', () => {
    const { serverUrl, prefix } = inject('testDb');
    const name = `${prefix}_ops_${randomBytes(4).toString('hex')}`;
    const ownerUrl = withDatabaseName(serverUrl, name);
    let sink: SmtpSink;

    async function onServer(statements: string[]): Promise<void> {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      await onServer([`CREATE DATABASE ${pg.escapeIdentifier(name)}`]);
      sink = await startSmtpSink();
    });
    afterAll(async () => {
      await sink?.close();
      // The server made this database's application login (app-login.ts): a role of the whole cluster.
      const login = `stafflane_login_${createHash('md5').update(name).digest('hex').slice(0, 12)}`;
      await onServer([
        `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`,
        `DROP ROLE IF EXISTS ${pg.escapeIdentifier(login)}`,
      ]);
    });

    it('makes the first administrator with the command, who signs in with a code and makes a company; no demo account exists', async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { DATABASE_URL: ownerUrl, PORT: String(port), SMTP_URL: sink.url, PUBLIC_ORIGIN: base, MAIL_POLL_MS: '200' };
      const running = server(env);
      const banner = await started(running);
      expect(banner).toContain(
        'No administrator exists yet. Make the first one with: npm run admin -- create --email you@example.com --name "Your Name"',
      );
      expect(banner).not.toMatch(/demo accounts/);
      expect((await api(base, 'GET', '/api/health/live')).status).toBe(200);
      expect(await api(base, 'GET', '/api/health/ready')).toEqual({
        status: 200,
        body: { status: 'ready', version: expect.any(String), parts: { database: 'ok', storage: 'ok', mail: 'ok', jobs: 'ok' } },
      });

      const email = 'grace.hopper@example.test';
      const created = admin(['create', '--email', email, '--name', 'Grace Brewster Hopper'], env);
      expect(await created.code, created.output()).toBe(0);
      const link = new RegExp(`${base}/confirm-email\\?token=([\\w-]+)`).exec(created.stdout())?.[0];
      expect(link, created.stdout()).toBeTruthy();
      expect(created.stdout()).toContain(`Administrator Grace Brewster Hopper <${email}> created.`);
      // The same address again: refused in one line.
      expect(await refused(admin(['create', '--email', email.toUpperCase(), '--name', 'Grace Hopper'], env))).toBe(
        'Stafflane admin: This e-mail address is already in use.',
      );

      // The link: confirm the address, choose the password, accept the terms.
      const token = new URL(link!).searchParams.get('token');
      const confirmed = await api(base, 'POST', '/api/confirm-email', { token });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const password = 'a-long-administrator-password';
      const welcomed = await api(base, 'POST', '/api/welcome', { password, accept_terms: true }, confirmed.body.auth_token as string);
      expect(welcomed.status, JSON.stringify(welcomed.body)).toBe(200);

      // Signing in asks for the code e-mailed through the real SMTP server.
      const first = await api(base, 'POST', '/api/login', { email, password });
      expect(first).toMatchObject({ status: 401, body: { status: 'two_factor_required' } });
      const mail = await sink.waitFor({ to: email, pattern: /sign-in code/i, timeoutMs: 15_000 });
      const code = /sign-in code is (\d+)/.exec(mailText(mail.raw))?.[1];
      const signedIn = await api(base, 'POST', '/api/login', { email, password, two_factor_secret: code });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);

      const company = await api(
        base,
        'POST',
        '/api/companies',
        {
          name: 'Kestrel Bakery Ltd',
          products: ['hr', 'hs'],
          seats: 10,
          owner: { first_name: 'Kit', surname: 'Kestrel', email: 'kit@kestrel.test' },
        },
        signedIn.body.auth_token as string,
      );
      expect(company.status, JSON.stringify(company.body)).toBe(201);

      for (const demo of ['owner@demo.test', 'admin@stafflane.test']) {
        expect((await api(base, 'POST', '/api/login', { email: demo, password: 'demo-password' })).status, demo).toBe(401);
      }

      // The command's changes are audited with no actor, as the command line.
      const client = new pg.Client({ connectionString: ownerUrl });
      await client.connect();
      const { rows } = await client.query<{ actor_id: string | null; user_agent: string; details: { via?: string } }>(
        `select actor_id, user_agent, details from audit_log where action = 'administrator.invited'`,
      );
      await client.end();
      expect(rows).toEqual([
        { actor_id: null, user_agent: expect.stringContaining('npm run admin'), details: { email, via: 'command-line' } },
      ]);

      // The only administrator cannot be disabled.
      expect(await refused(admin(['disable', '--email', email], env))).toBe('Stafflane admin: Stafflane needs at least one administrator.');

      running.kill('SIGTERM');
      expect(await running.code, running.output()).toBe(0);
    }, 150_000);
  });

  describe('the embedded database', () => {
    it('is started by the command when no server runs, shared with a running server, and stopped on SIGHUP', async () => {
      // A 0700 folder, as mktemp -d makes: the server lets the database's OS user through it.
      const dataDir = fs.mkdtempSync(path.join(tmp, 'embedded-'));
      const pgPort = await freePort();
      const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
      const created = admin(['create', '--email', 'ada@example.test', '--name', 'Ada Lovelace'], env);
      expect(await created.code, created.output()).toBe(0);
      expect(created.stdout()).toMatch(/http:\/\/localhost:3000\/confirm-email\?token=[\w-]+/);
      // The command stopped the database it started.
      expect(await portOpen(pgPort)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'stafflane.lock'))).toBe(false);

      const running = server({ ...env, PORT: String(await freePort()) });
      const banner = await started(running);
      expect(banner).not.toMatch(/No administrator exists|demo accounts/);

      const listed = admin(['list'], env);
      expect(await listed.code, listed.output()).toBe(0);
      expect(listed.stdout()).toMatch(/^ada@example\.test\s+Ada Lovelace\s+invited\s+never signed in$/m);

      running.kill('SIGHUP');
      expect(await running.code, running.output()).toBe(0);
      expect(await portOpen(pgPort)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'stafflane.lock'))).toBe(false);
    }, 150_000);
  });

  describe('refusals and warnings', () => {
    it('refuses, in one line and without the secret, each misconfiguration', async () => {
      const closed = await freePort();
      const oldCluster = fs.mkdtempSync(path.join(tmp, 'old-cluster-'));
      fs.mkdirSync(path.join(oldCluster, 'postgres'), { recursive: true });
      fs.writeFileSync(path.join(oldCluster, 'postgres', 'PG_VERSION'), '17\n');
      fs.writeFileSync(path.join(oldCluster, 'postgres.password'), SECRET);
      const cases: [Record<string, string>, string | RegExp][] = [
        [
          { S3_BUCKET: 'stafflane-files', S3_SECRET_ACCESS_KEY: SECRET },
          'Invalid configuration: S3_BUCKET, S3_SECRET_ACCESS_KEY are set but FILE_STORAGE is not s3: set FILE_STORAGE=s3 to keep files in the bucket, or remove the S3_ settings.',
        ],
        [
          { SMTP_URL: `smtp://mailer:${SECRET}@mail.example:587` },
          'Invalid configuration: PUBLIC_ORIGIN must be set when SMTP_URL is (the links in e-mails would point at localhost).',
        ],
        [
          { DATABASE_URL: `postgres://stafflane:${SECRET}@db.example:99999/stafflane` },
          'Invalid configuration: DATABASE_URL is not a valid URL.',
        ],
        [{ JWT_SECRET: SECRET }, 'Invalid configuration: JWT_SECRET must be at least 32 characters.'],
        [
          { DATABASE_URL: `postgres://stafflane:${SECRET}@127.0.0.1:${closed}/stafflane` },
          `Cannot reach the database at 127.0.0.1:${closed} (ECONNREFUSED). Check DATABASE_URL and that PostgreSQL is running.`,
        ],
        [
          { DATA_DIR: oldCluster },
          /^The embedded database in .+ was made by PostgreSQL 17, but this version of Stafflane runs PostgreSQL 18\./,
        ],
      ];
      const said = await Promise.all(cases.map(([env]) => refused(server(env))));
      cases.forEach(([, expected], index) => {
        const line = said[index]!.replace(/^Stafflane could not start: /, '');
        if (typeof expected === 'string') expect(line).toBe(expected);
        else expect(line).toMatch(expected);
      });
    }, 60_000);

    it('refuses a database a newer version migrated; warns, and keeps running, when mail and storage cannot be reached', async () => {
      const database = await createTestDatabase();
      try {
        await database.ownerDb
          .insertInto('kysely_migration' as never)
          .values({ name: '9999_from_a_newer_version', timestamp: new Date().toISOString() } as never)
          .execute();
        expect(await refused(server({ DATABASE_URL: database.ownerUrl, PORT: String(await freePort()) }))).toBe(
          'Stafflane could not start: This database was upgraded by a newer version of Stafflane (it has migration 9999_from_a_newer_version, which this version does not know). Run that newer version, or restore a backup made before the upgrade.',
        );
        await database.ownerDb
          .deleteFrom('kysely_migration' as never)
          .where('name' as never, '=', '9999_from_a_newer_version' as never)
          .execute();

        const port = await freePort();
        const running = server({
          DATABASE_URL: database.ownerUrl,
          PORT: String(port),
          PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
          SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
          FILE_STORAGE: 's3',
          S3_BUCKET: 'stafflane-files',
          S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
          S3_FORCE_PATH_STYLE: '1',
          S3_ACCESS_KEY_ID: 'stafflane',
          S3_SECRET_ACCESS_KEY: SECRET,
        });
        await started(running);
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline && (running.output().match(/cannot be reached/g) ?? []).length < 2)
          await new Promise((r) => setTimeout(r, 100));
        expect(running.output()).toMatch(/Warning: The mail server cannot be reached \(.*ECONNREFUSED.*\): check SMTP_URL/);
        expect(running.output()).toMatch(
          /Warning: File storage cannot be reached \(.+\): check FILE_STORAGE, the S3_ settings and the bucket/,
        );
        const ready = await api(`http://127.0.0.1:${port}`, 'GET', '/api/health/ready');
        expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable', down: ['storage', 'mail'] } });
        expect(running.output()).not.toContain(SECRET);
        running.kill('SIGTERM');
        expect(await running.code, running.output()).toBe(0);
      } finally {
        await database.drop();
      }
    }, 90_000);
  });
});
