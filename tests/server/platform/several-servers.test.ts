// Several servers, proven: two real server processes on one PostgreSQL with files on S3 (a
// real S3-protocol server, s3rver) and one signing secret, as a deployment behind a proxy
// runs them. A session made on A works on B; a file uploaded through A downloads through B;
// a write through A reaches a socket held on B within a second; a job both servers schedule
// at start runs once; an idempotent write answered by A is replayed by B, not done again.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/db/database';
import { notify } from '../../../src/server/notifications/notify';
import { userChannel } from '../../../src/shared/realtime';
import { addCompanyWithRoles, addUser, inCompany, ownerSql, type UserFixture } from '../../support/identity-fixtures';
import { RealtimeTestClient, signInAt, startServerProcess, type ServerProcess } from '../../support/realtime-fixtures';
import { startS3Server, type S3Server } from '../../support/s3-server';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipartBody, pngImage } from '../../support/upload-fixtures';

let t: TestApp;
let s3: S3Server;
let a: ServerProcess;
let b: ServerProcess;
let ella: UserFixture;
let companyId: string;
const clients: RealtimeTestClient[] = [];
const SHARED_SECRET = 'several-servers-signing-secret-of-at-least-32-chars';

beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
  const company = await addCompanyWithRoles(t);
  companyId = company.companyId;
  ella = await addUser(t, { company: inCompany(company, 'Employee'), firstName: 'Ella' });
  s3 = await startS3Server();
  const env = { ...s3.env, JWT_SECRET: SHARED_SECRET, REALTIME_SESSION_CHECK_MS: '1000' };
  [a, b] = await Promise.all([
    startServerProcess({ databaseUrl: t.database.ownerUrl, env }),
    startServerProcess({ databaseUrl: t.database.ownerUrl, env }),
  ]);
}, 90_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  await t?.close();
}, 30_000);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('two servers on one database and one bucket', () => {
  it('accept on B a session signed in on A', async () => {
    const token = await signInAt(a.base, ella.email);
    const onB = await fetch(`${b.base}/api/users/${ella.id}/profile-image`, { headers: bearer(token) });
    expect(onB.status).toBe(200);
    const signedOut = await fetch(`${b.base}/api/users/${ella.id}/profile-image`);
    expect(signedOut.status).toBe(401);
  });

  it('send through B the bytes of a file uploaded through A', async () => {
    const token = await signInAt(a.base, ella.email);
    const png = pngImage(64, 64);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'ella.png', data: png, contentType: 'image/png' }]);
    const uploaded = await fetch(`${a.base}/api/user-profile-image/${ella.id}`, {
      method: 'POST',
      headers: { ...headers, ...bearer(token) },
      body: new Uint8Array(payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
    // In the bucket, not in either server's data folder.
    const objects = fs
      .readdirSync(path.join(s3.directory, s3.bucket), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'));
    expect(objects.length).toBeGreaterThan(0);
    const downloaded = await fetch(`${b.base}/api/user-profile-image/${ella.id}`, { headers: bearer(token) });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(png)).toBe(true);
  });

  it('bring a write through A to a socket held on B within a second', async () => {
    const channel = userChannel(ella.id);
    const tokenA = await signInAt(a.base, ella.email);
    const tokenB = await signInAt(b.base, ella.email);
    const socket = await RealtimeTestClient.ready(b.base, tokenB, [{ channel }]);
    clients.push(socket);
    // Something unread, so that marking everything read through A is a write.
    await withTenant(t.database.db, companyId, (trx) => notify(trx, { companyId, userId: ella.id, description: 'Rota published' }));
    await socket.waitFor((m) => m.type === 'event' && m.event.event === 'notification', 2000);
    const wroteAt = performance.now();
    const res = await fetch(`${a.base}/api/notifications/read`, {
      method: 'POST',
      headers: { ...bearer(tokenA), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBeLessThan(300);
    await socket.waitFor((m) => m.type === 'event' && m.event.event === 'notifications.changed', 1000);
    expect(performance.now() - wroteAt).toBeLessThan(1000);
  });

  it('run a job that both servers schedule at start once', async () => {
    // Each server queues its catch-up at start under a singleton key: one job per slot, run by one of them.
    // pg-boss starts after each server's first answers, so its tables may not exist yet: no rows so far.
    const deadline = Date.now() + 20_000;
    let rows: { state: string }[] = [];
    while (Date.now() < deadline) {
      rows = await ownerSql<{ state: string }>(
        t,
        sql`select state::text as state from pgboss.job where name = 'employees-termination-sweep'
            union all select state::text from pgboss.archive where name = 'employees-termination-sweep'`,
      ).catch((error: { code?: string }) => {
        if (error.code === '42P01' || error.code === '3F000') return [];
        throw error;
      });
      if (rows.some((row) => row.state === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows.filter((row) => row.state === 'completed')).toHaveLength(1);
    expect(rows).toHaveLength(1);
  }, 30_000);

  it('replay on B an idempotent write that A answered, without doing it twice', async () => {
    const token = await signInAt(a.base, ella.email);
    const send = (base: string) =>
      fetch(`${base}/api/contact-us`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': 'several-servers-1' },
        body: JSON.stringify({ contact_type: 'support', message: 'The rota page is blank on my phone.', company_id: companyId }),
      });
    const first = await send(a.base);
    expect(first.status, await first.clone().text()).toBe(201);
    const replayed = await send(b.base);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.text()).toBe(await first.text());
    const stored = await ownerSql<{ n: string }>(
      t,
      sql`select count(*)::text as n from contact_requests where message = 'The rota page is blank on my phone.'`,
    );
    expect(stored[0]?.n).toBe('1');
  });
});
