// What a person running the server reads: successful reads of the app's files stay at debug,
// API calls and anything that failed at info or above, each on one line naming the request;
// logs are pretty in a terminal and JSON otherwise unless LOG_PRETTY says.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app/server/app';
import { loadConfig } from '../../../src/server/config';
import { testAuthenticator, testConfig } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

type Line = { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };

const dist = path.resolve('.tmp', `logging-dist-${process.pid}`);
const lines: Line[] = [];
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stafflane</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'entry-AbC123.js'), 'console.log(1)');
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ CLIENT_DIST_DIR: dist }),
    db: database.db,
    logger: pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) }),
    authenticate: testAuthenticator,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function logsOf(method: 'GET' | 'POST', url: string): Promise<Line[]> {
  lines.length = 0;
  await app.inject({ method, url });
  // A streamed file's answer can resolve the injection just before its completion is logged.
  for (let waited = 0; waited < 1000 && !lines.some((line) => line.msg === 'request completed'); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
}
const INFO = 30;
const DEBUG = 20;

describe('request logging', () => {
  it('logs successful reads of the app files at debug only', async () => {
    for (const url of ['/assets/entry-AbC123.js', '/', '/employees']) {
      const logged = await logsOf('GET', url);
      expect(
        logged.map((line) => line.level),
        url,
      ).toEqual([DEBUG, DEBUG]);
    }
  });

  it('logs API calls at info, once, with the method, path and status', async () => {
    const logged = await logsOf('GET', '/api/version');
    expect(logged.filter((line) => line.level >= INFO)).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/version' }),
        res: { statusCode: 200 },
      }),
    ]);
    expect((await logsOf('POST', '/api/login')).filter((line) => line.level >= INFO)).toHaveLength(1);
  });

  it('logs a failed read of a file at info', async () => {
    const logged = await logsOf('GET', '/assets/entry-gone.js');
    expect(logged.filter((line) => line.level >= INFO)).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 404 } }),
    ]);
  });
});

describe('LOG_PRETTY', () => {
  const config = (env: Record<string, string>, stdoutIsTty: boolean) =>
    loadConfig({ NODE_ENV: 'production', ...env }, '0', { stdoutIsTty });

  it('is pretty in a terminal and JSON when piped, unless set', () => {
    expect(config({}, true).logPretty).toBe(true);
    expect(config({}, false).logPretty).toBe(false);
    expect(config({ LOG_PRETTY: '0' }, true).logPretty).toBe(false);
    expect(config({ LOG_PRETTY: '1' }, false).logPretty).toBe(true);
  });
});
