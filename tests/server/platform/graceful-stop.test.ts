// A stop while a request is being answered: the browser (or a load balancer) keeps its
// connection open after the answer, and the stop must not wait for that connection's
// keep-alive timeout (72 s) — it lets the answer go out, closes the connection once it is
// idle and finishes in moments.
import http from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/app/server/server';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { testConfig } from '../../support/test-app';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

/** A sign-in (a slow answer: the password hash) over a keep-alive connection that stays open after it. */
function keptAliveSignIn(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(JSON.stringify({ email: 'nobody@example.test', password: 'not-a-password' }));
  });
}

describe('stopping the server', () => {
  it('answers the request in flight, then does not wait for its keep-alive connection', async () => {
    for (let round = 0; round < 3; round++) {
      const server = await startServer({
        config: testConfig({ DATABASE_URL: database.ownerUrl, SEED_DEMO: '0', HOST: '127.0.0.1', PORT: '0', JOBS_ENABLED: '0' }),
        logger: pino({ level: 'silent' }),
      });
      const agent = new http.Agent({ keepAlive: true });
      const port = (server.app.server.address() as { port: number }).port;
      const answered = keptAliveSignIn(`http://127.0.0.1:${port}/api/login`, agent);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stoppedAt = performance.now();
      await server.stop();
      expect(performance.now() - stoppedAt, `round ${round}`).toBeLessThan(3_000);
      expect(await answered).toBe(401);
      agent.destroy();
    }
  }, 60_000);
});
