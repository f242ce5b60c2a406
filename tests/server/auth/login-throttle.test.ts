// Sign-in limits under parallel load: the per-address lock holds however many guesses arrive
// at once (at most LOGIN_MAX_ATTEMPTS passwords are checked per lock period), and each
// client address (IP, or an IPv6 /64) gets LOGIN_CLIENT_MAX_ATTEMPTS failed sign-ins per
// window, whatever addresses it tries and however it spells the URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { addCompany, addUser, FIXTURE_PASSWORD, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const WRONG = 'not-the-password';

function loginFrom(t: TestApp, ip: string, body: { email: string; password?: string }, url = '/api/login') {
  return t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { password: FIXTURE_PASSWORD, ...body } });
}

async function checkedPasswords(t: TestApp, email: string, reason = 'wrong_password'): Promise<number> {
  const rows = await ownerSql<{ n: string }>(
    t,
    sql`select count(*) as n from audit_log
        where action = 'login.failed' and details->>'email' = ${email} and details->>'reason' = ${reason}`,
  );
  return Number(rows[0]?.n);
}

describe('the lock per e-mail address under parallel guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ realAuth: true });
  });
  afterAll(async () => t.close());

  it('checks at most five of 100 parallel wrong passwords, then refuses the right one until the lock ends', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    // From 100 different client addresses: the lock is the address's, not the client's.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => loginFrom(t, `198.51.100.${i + 1}`, { email: user.email, password: WRONG })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([401]));
    expect(answers.every((a) => ['failed', 'locked'].includes(a.json().status))).toBe(true);
    const checked = await checkedPasswords(t, user.email);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);

    const right = await loginFrom(t, '198.51.100.200', { email: user.email });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ status: 'locked', attempts: 5, max_attempts: 5 });
    expect(right.json().message).toMatch(/^The user has been locked until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await checkedPasswords(t, user.email)).toBe(checked);

    await ownerSql(t, sql`update login_attempts set locked_until = now() - interval '1 second' where email = ${user.email}`);
    const after = await loginFrom(t, '198.51.100.200', { email: user.email });
    expect(after.statusCode).toBe(200);
    expect(after.json().auth_token).toEqual(expect.any(String));
  });

  it('lets the right password in among parallel wrong ones only while attempts are left', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const guesses = Array.from({ length: 40 }, (_, i) =>
      loginFrom(t, `203.0.113.${i + 1}`, { email: user.email, ...(i === 29 ? {} : { password: WRONG }) }),
    );
    const answers = await Promise.all(guesses);
    const signedIn = answers.filter((a) => a.statusCode === 200).length;
    // The right password was checked only if it won one of the five places; every other
    // request was answered without its password being looked at.
    const checked = (await checkedPasswords(t, user.email)) + signedIn;
    expect(checked).toBeLessThanOrEqual(5);
  });

  it('counts an unknown address the same way under parallel guesses', async () => {
    const email = `nobody-${Date.now()}@example.test`;
    await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom(t, `192.0.2.${i + 1}`, { email, password: WRONG })));
    expect(await checkedPasswords(t, email, 'unknown_account')).toBeLessThanOrEqual(5);
    expect((await loginFrom(t, '192.0.2.200', { email, password: WRONG })).json()).toMatchObject({ status: 'locked', attempts: 5 });
  });
});

describe('the limit per client address (LOGIN_CLIENT_MAX_ATTEMPTS=3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ realAuth: true, env: { LOGIN_CLIENT_MAX_ATTEMPTS: '3', LOGIN_CLIENT_WINDOW_MINUTES: '15' } });
  });
  afterAll(async () => t.close());

  it('answers 429 from one address over the limit, whatever e-mail address it tries, and not another address', async () => {
    const company = await addCompany(t);
    const user = await addUser(t, { company });
    const ip = '203.0.113.10';
    for (let i = 0; i < 3; i++) {
      expect((await loginFrom(t, ip, { email: `guess-${i}@example.test`, password: WRONG })).statusCode).toBe(401);
    }
    const over = await loginFrom(t, ip, { email: 'guess-3@example.test', password: WRONG });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'rateLimited', message: loginMessages.tooManyAttempts(15) });
    expect(over.json().message).toBe('Too many failed sign-ins from your network. Please try again in 15 minutes.');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Not even the right password is checked from there, and no other spelling of the path helps.
    expect((await loginFrom(t, ip, { email: user.email })).statusCode).toBe(429);
    expect((await loginFrom(t, ip, { email: user.email }, '/%61pi/login')).statusCode).toBe(429);
    expect(await checkedPasswords(t, 'guess-3@example.test', 'unknown_account')).toBe(0);

    const other = await loginFrom(t, '198.51.100.77', { email: user.email });
    expect(other.statusCode).toBe(200);

    // The window ends: the address may try again.
    await ownerSql(t, sql`update login_client_attempts set window_start = now() - interval '15 minutes 1 second' where client = ${ip}`);
    expect((await loginFrom(t, ip, { email: user.email })).statusCode).toBe(200);
  });

  it('holds under parallel attempts from one address', async () => {
    const ip = '203.0.113.20';
    const emails = Array.from({ length: 20 }, (_, i) => `parallel-${i}@example.test`);
    const answers = await Promise.all(emails.map((email) => loginFrom(t, ip, { email, password: WRONG })));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(17);
    const checked = await Promise.all(emails.map((email) => checkedPasswords(t, email, 'unknown_account')));
    expect(checked.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('counts only failures: people signing in from one office address are not held up', async () => {
    const company = await addCompany(t);
    const people = await Promise.all(Array.from({ length: 6 }, () => addUser(t, { company })));
    const ip = '203.0.113.30';
    expect((await loginFrom(t, ip, { email: people[0]?.email ?? '', password: WRONG })).statusCode).toBe(401);
    for (const person of people) expect((await loginFrom(t, ip, { email: person.email })).statusCode).toBe(200);
  });

  it('shares one window among the addresses of an IPv6 /64', async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await loginFrom(t, `2001:db8:7:8::${i}`, { email: `v6-${i}@example.test`, password: WRONG })).statusCode).toBe(401);
    }
    expect((await loginFrom(t, '2001:db8:7:8:ffff::9', { email: 'v6-4@example.test', password: WRONG })).statusCode).toBe(429);
    expect((await loginFrom(t, '2001:db8:7:9::1', { email: 'v6-5@example.test', password: WRONG })).statusCode).toBe(401);
  });
});
