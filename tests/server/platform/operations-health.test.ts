// Health for orchestrators: /api/health/live while the process answers, /api/health/ready with
// every part checked (503 naming the parts down, a warning in the log saying what to check,
// nothing secret); and a token in a request's path never reaches the log.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app/server/app';
import { freePort } from '../../../src/server/db/embedded-postgres';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { testAuthenticator, testConfig } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

type Line = { level: number; msg: string; req?: { url: string }; res?: { statusCode: number }; problem?: string };

const SECRET = 'Hunter2-Secret';
const token = 'q3Jx9vK2mP0wZ7yT4rL8sN1bC6dF5gH2';
let database: TestDatabase;
const raw: string[] = [];
const lines = () => raw.map((line) => JSON.parse(line) as Line);
const logger = pino({ level: 'debug' }, { write: (line: string) => void raw.push(line) });
let healthy: FastifyInstance;
let broken: FastifyInstance;
let smtpPort: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  healthy = await buildApp({ config: testConfig(), db: database.db, logger, authenticate: testAuthenticator });
  smtpPort = await freePort();
  broken = await buildApp({
    config: testConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FILE_STORAGE: 's3',
      S3_BUCKET: 'stafflane-files',
      S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'stafflane',
      S3_SECRET_ACCESS_KEY: SECRET,
    }),
    db: database.db,
    logger,
    authenticate: testAuthenticator,
    checkJobs: async () => ({ status: 'down', reason: 'the job runner is starting' }),
  });
  await Promise.all([healthy.ready(), broken.ready()]);
});
afterAll(async () => {
  await healthy?.close();
  await broken?.close();
  await sink?.close();
  await database?.drop();
});

describe('health endpoints', () => {
  it('answers live, ready and the older /api/health when every part is up or unused', async () => {
    const live = await healthy.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', version: '0.0.0-test' });
    const ready = await healthy.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      version: '0.0.0-test',
      parts: { database: 'ok', storage: 'ok', mail: 'off', jobs: 'off' },
    });
    expect((await healthy.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      version: '0.0.0-test',
    });
  });

  it('is not ready while mail, storage or jobs are down, says which, and logs what to check without secrets', async () => {
    raw.length = 0;
    const ready = await broken.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      down: ['storage', 'mail', 'jobs'],
      version: '0.0.0-test',
      parts: { database: 'ok', storage: 'down', mail: 'down', jobs: 'down' },
    });
    expect(ready.body).not.toContain('ECONNREFUSED');
    const warnings = lines().filter((line) => line.level === 40 && line.msg.startsWith('Warning:'));
    expect(warnings.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^Warning: File storage cannot be reached \(.+\): check FILE_STORAGE, the S3_ settings and the bucket\.$/),
      expect.stringMatching(
        /^Warning: The mail server cannot be reached \(.*ECONNREFUSED.*\): check SMTP_URL; e-mail waits in the outbox and is retried\.$/,
      ),
      'Warning: The job runner cannot be reached (the job runner is starting): background jobs wait until it is back.',
    ]);
    expect(raw.join('\n')).not.toContain(SECRET);

    // A part that comes back is ready again at the next check, and the log says so once.
    sink = await startSmtpSink({ port: smtpPort });
    raw.length = 0;
    const again = await broken.inject({ method: 'GET', url: '/api/health/ready' });
    expect(again.json()).toMatchObject({ down: ['storage', 'jobs'], parts: { mail: 'ok' } });
    expect(lines().filter((line) => line.msg.startsWith('Warning:'))).toEqual([]);
    expect(lines().map((line) => line.msg)).toContain('The mail server can be reached again');
  }, 30_000);
});

describe('the request log', () => {
  async function logOf(url: string, method: 'GET' | 'POST' = 'GET'): Promise<{ text: string; info: Line[] }> {
    raw.length = 0;
    await healthy.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    for (let waited = 0; waited < 1000 && !lines().some((line) => line.res); waited += 10) await new Promise((r) => setTimeout(r, 10));
    return { text: raw.join('\n'), info: lines().filter((line) => line.level >= 30) };
  }

  it('writes calendar-feed and payroll-link tokens as [token]', async () => {
    for (const [url, shown] of [
      [`/api/calendar/${token}.ics`, '/api/calendar/[token].ics'],
      [`/api/rota/calendar/${token}.ics`, '/api/rota/calendar/[token].ics'],
      [`/api/payroll-data/${token}`, '/api/payroll-data/[token]'],
      [`/confirm-email?token=${token}`, '/confirm-email?token=[token]'],
    ] as const) {
      const { text, info } = await logOf(url);
      expect(text, url).not.toContain(token);
      expect(info.map((line) => line.req?.url)).toEqual([shown]);
    }
  });

  it('writes one line for a refused request, with the reason on it', async () => {
    const { info } = await logOf('/api/login', 'POST');
    expect(info).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 422 }, problem: expect.stringMatching(/\S/) }),
    ]);
  });
});
