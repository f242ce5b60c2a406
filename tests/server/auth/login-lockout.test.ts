// Locks per e-mail address: after LOGIN_MAX_ATTEMPTS failures for LOGIN_LOCK_MINUTES, the
// same for addresses with no account, counted atomically, lifted by time or a successful
// sign-in after it (a password reset lifts it too: password-reset.test.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { formatLockDate } from '../../../src/modules/auth/auth.policy';
import { addCompany, addUser, ownerSql, postLogin } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const WRONG = 'not-the-password';

async function failTimes(t: TestApp, email: string, times: number) {
  let last;
  for (let i = 0; i < times; i++) last = await postLogin(t, { email, password: WRONG });
  return last;
}

describe('with the defaults (5 attempts, 30 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ realAuth: true });
  });
  afterAll(async () => t.close());

  it('locks on the fifth failure with the date in the message and as ISO', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const fourth = await failTimes(t, user.email, 4);
    expect(fourth?.json()).toMatchObject({ status: 'failed', message: loginMessages.failedWithAttempts(4, 5), attempts: 4 });

    const before = Date.now();
    const fifth = await postLogin(t, { email: user.email, password: WRONG });
    expect(fifth.statusCode).toBe(401);
    const body = fifth.json();
    const until = new Date(body.lockout_date);
    expect(until.getTime() - before).toBeGreaterThan(29 * 60_000);
    expect(until.getTime() - before).toBeLessThan(31 * 60_000);
    expect(body).toEqual({
      code: 'unauthenticated',
      status: 'locked',
      message: loginMessages.locked(formatLockDate(until)),
      attempts: 5,
      max_attempts: 5,
      lockout_date: until.toISOString(),
      details: null,
    });
    expect(body.message).toMatch(/^The user has been locked until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('refuses the right password while locked, with the same body', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const locked = await failTimes(t, user.email, 5);
    const right = await postLogin(t, { email: user.email });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(locked?.json());
  });

  it('locks an address that has no account exactly the same way', async () => {
    const known = await addUser(t, { company: await addCompany(t) });
    const unknown = `nobody-${known.id.slice(0, 8)}@example.test`;
    const a = (await failTimes(t, known.email, 6))?.json();
    const b = (await failTimes(t, unknown, 6))?.json();
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect({ ...a, lockout_date: null, message: null }).toEqual({ ...b, lockout_date: null, message: null });
    expect(b).toMatchObject({ status: 'locked', attempts: 5 });
  });

  it('lets the right password in once the lock has run out, and starts the count again', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    await failTimes(t, user.email, 5);
    await ownerSql(t, sql`update login_attempts set locked_until = now() - interval '1 second' where email = ${user.email}`);
    const wrongAfter = await postLogin(t, { email: user.email, password: WRONG });
    expect(wrongAfter.json()).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await postLogin(t, { email: user.email })).statusCode).toBe(200);
    const rows = await ownerSql(t, sql`select 1 from login_attempts where email = ${user.email}`);
    expect(rows).toHaveLength(0);
  });

  it('forgets old failures: four long ago and one now do not lock', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    await failTimes(t, user.email, 4);
    await ownerSql(t, sql`update login_attempts set last_failed_at = now() - interval '31 minutes' where email = ${user.email}`);
    expect((await postLogin(t, { email: user.email, password: WRONG })).json()).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('counts parallel failures without losing any', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    // Four at once stay below the limit, so every one of them is counted.
    const answers = await Promise.all(Array.from({ length: 4 }, () => postLogin(t, { email: user.email, password: WRONG })));
    expect(answers.map((a) => a.json().attempts).sort()).toEqual([1, 2, 3, 4]);
    const [row] = await ownerSql<{ failed_count: number }>(t, sql`select failed_count from login_attempts where email = ${user.email}`);
    expect(row).toEqual({ failed_count: 4 });
    expect((await postLogin(t, { email: user.email, password: WRONG })).json()).toMatchObject({ status: 'locked', attempts: 5 });
  });
});

describe('with LOGIN_MAX_ATTEMPTS=2 and LOGIN_LOCK_MINUTES=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ realAuth: true, env: { LOGIN_MAX_ATTEMPTS: '2', LOGIN_LOCK_MINUTES: '1' } });
  });
  afterAll(async () => t.close());

  it('locks on the second failure for one minute', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    expect((await postLogin(t, { email: user.email, password: WRONG })).json()).toMatchObject({ status: 'failed', max_attempts: 2 });
    const before = Date.now();
    const second = (await postLogin(t, { email: user.email, password: WRONG })).json();
    expect(second).toMatchObject({ status: 'locked', attempts: 2, max_attempts: 2 });
    const span = new Date(second.lockout_date).getTime() - before;
    expect(span).toBeGreaterThan(55_000);
    expect(span).toBeLessThan(65_000);
  });
});
