// An upload refused before its body is read (a task that does not exist, a caller who may not)
// still gets its answer over a real socket: the server reads the rest of the body, up to the
// largest upload it takes, before it answers, so an offline outbox sees "refused" and not a
// network error. A body past that limit is answered at once and the connection closed.
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';
import { multipartBody } from '../../support/upload-fixtures';

let t: TestApp;
let base: URL;
const caller = testSession({ permissions: [{ endpoint: '/api/hr-task', method: 'PUT', type: 'company' }] });

beforeAll(async () => {
  t = await createTestApp();
  base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
});
afterAll(async () => t.close());

/**
 * Sends the upload on a real socket as a browser does: the whole request first, then the answer.
 * Its status, or the network error it met (a connection reset while the body was still going).
 */
async function send(url: string, body: { payload: Buffer; headers: Record<string, string> }, headers: Record<string, string>) {
  const socket = net.connect(Number(base.port), base.hostname);
  let received = '';
  let failure: Error | null = null;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', (error) => (failure ??= error));
  const closed = once(socket, 'close');
  try {
    await once(socket, 'connect');
    const head = [`POST ${url} HTTP/1.1`, `Host: ${base.host}`, `Content-Length: ${body.payload.length}`];
    for (const [name, value] of Object.entries({ ...body.headers, ...headers })) head.push(`${name}: ${value}`);
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    for (let at = 0; at < body.payload.length && !failure; at += 64 * 1024) {
      if (!socket.write(body.payload.subarray(at, at + 64 * 1024))) await Promise.race([once(socket, 'drain'), closed]);
    }
    await new Promise<void>((resolve) => {
      const done = () => (/^HTTP\/1\.1 \d{3} [^]*\r\n\r\n/.test(received) || failure || socket.destroyed ? resolve() : setTimeout(done, 5));
      done();
    });
  } catch (error) {
    failure ??= error as Error;
  } finally {
    socket.destroy();
  }
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
  return failure ? `network error: ${(failure as NodeJS.ErrnoException).code ?? failure.message}` : Number(status);
}

describe('an upload refused before its body is read', () => {
  // Big enough that the client is still sending when the refusal is written.
  const upload = multipartBody([
    { name: 'caption', value: 'The broken gate' },
    { name: 'file', filename: 'gate.jpg', contentType: 'image/jpeg', data: randomBytes(12 * 1024 * 1024) },
  ]);

  it('gets its status every time: 30 uploads to a task that does not exist answer 404', async () => {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push(await send(`/api/hr-task/${randomUUID()}/files`, upload, authHeader(caller)));
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 404));
  });

  it('gets its status every time when refused before the route: 30 uploads without a session answer 401', async () => {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push(await send(`/api/hr-task/${randomUUID()}/files`, upload, {}));
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 401));
  });

  it('is answered at once, closing the connection, when its body is bigger than any upload', async () => {
    const socket = net.connect(Number(base.port), base.hostname);
    socket.on('error', () => undefined); // the server closes while we are still sending
    await once(socket, 'connect');
    const head = [`POST /api/hr-task/${randomUUID()}/files HTTP/1.1`, `Host: ${base.host}`, `Content-Length: ${30 * 1024 * 1024}`];
    head.push(`Content-Type: ${upload.headers['content-type']}`, `Authorization: ${authHeader(caller).authorization}`, '', '');
    socket.write(head.join('\r\n'));
    socket.write(upload.payload.subarray(0, 512 * 1024)); // the rest never comes
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    await once(socket, 'close');
    expect(response).toMatch(/^HTTP\/1\.1 404 /);
    expect(response.toLowerCase()).toContain('connection: close');
  });
});
