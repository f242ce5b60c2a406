// The two-factor step: a code sent over real SMTP (or through the SMS adapter), valid for
// five minutes, once, with at most five guesses; the code is never stored in clear.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import type { SmsMessage } from '../../../src/server/sms/sms-sender';
import { addCompany, addUser, codeIn, ownerSql, postLogin, type UserFixture } from '../../support/identity-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
const texts: SmsMessage[] = [];
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ realAuth: true, env: { SMTP_URL: sink.url }, sms: { send: async (message) => void texts.push(message) } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** Asks for a code with the password alone; returns the answer and the code the e-mail brought. */
async function requestCode(user: UserFixture) {
  const before = sink.messages.filter((m) => m.to.includes(user.email)).length;
  const res = await postLogin(t, { email: user.email });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = sink.messages.filter((m) => m.to.includes(user.email));
    const latest = mails[mails.length - 1];
    if (mails.length > before && latest) return { res, code: codeIn(latest.raw), raw: latest.raw };
    if (Date.now() > deadline) throw new Error(`no code mailed to ${user.email}: ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('by e-mail', () => {
  it('answers with every field of the two-factor result and mails the code', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail', email: 'olivia.two@example.test' });
    const { res, raw } = await requestCode(user);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'unauthenticated',
      status: 'two_factor_required',
      message: loginMessages.codeSent('mail', 'o***@example.test'),
      ttl: 300,
      method: 'mail',
      contact: 'o***@example.test',
      attempts: 0,
      max_attempts: 5,
      lockout_date: null,
      details: null,
      isAdmin: false,
    });
    expect(raw).toContain('Subject: Your Stafflane sign-in code');
  });

  it('signs in with the right code, once', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const { code } = await requestCode(user);
    const ok = await postLogin(t, { email: user.email, two_factor_secret: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().auth_token).toEqual(expect.any(String));
    const again = await postLogin(t, { email: user.email, two_factor_secret: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ status: 'invalid_code', message: loginMessages.invalidCode });
  });

  it('refuses a wrong code and still takes the right one within the guesses', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const { code } = await requestCode(user);
    const wrong = await postLogin(t, { email: user.email, two_factor_secret: otherCode(code) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'unauthenticated',
      status: 'invalid_code',
      message: 'Invalid code, please try again.',
      attempts: 1,
      max_attempts: 5,
      lockout_date: null,
      details: null,
    });
    expect((await postLogin(t, { email: user.email, two_factor_secret: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).statusCode).toBe(200);
  });

  it('stops after five guesses, even for the right code, and counts one failed sign-in', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const { code } = await requestCode(user);
    for (let guess = 1; guess <= 5; guess++) {
      expect((await postLogin(t, { email: user.email, two_factor_secret: otherCode(code) })).json()).toMatchObject({ attempts: guess });
    }
    const right = await postLogin(t, { email: user.email, two_factor_secret: code });
    expect(right.json()).toMatchObject({ status: 'invalid_code', attempts: 5 });
    const [row] = await ownerSql<{ failed_count: number }>(t, sql`select failed_count from login_attempts where email = ${user.email}`);
    expect(row?.failed_count).toBe(1);
  });

  it('refuses a code after five minutes', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const { code } = await requestCode(user);
    await ownerSql(t, sql`update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await postLogin(t, { email: user.email, two_factor_secret: code })).json()).toMatchObject({ status: 'invalid_code' });
  });

  it('takes only the latest code when several were sent', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const first = await requestCode(user);
    const second = await requestCode(user);
    if (first.code !== second.code) {
      expect((await postLogin(t, { email: user.email, two_factor_secret: first.code })).statusCode).toBe(401);
    }
    expect((await postLogin(t, { email: user.email, two_factor_secret: second.code })).statusCode).toBe(200);
  });

  it('checks the password first at the code step too', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const { code } = await requestCode(user);
    const res = await postLogin(t, { email: user.email, password: 'not-the-password', two_factor_secret: code });
    expect(res.json()).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('refuses a code when none was asked for', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    expect((await postLogin(t, { email: user.email, two_factor_secret: '123456' })).json()).toMatchObject({ status: 'invalid_code' });
  });

  it('keeps only a salted hash of the code', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
    const { code } = await requestCode(user);
    const rows = await ownerSql<{ row: string }>(t, sql`select c::text as row from two_factor_challenges c where user_id = ${user.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(code);
    expect(rows[0]?.row).toMatch(/sha256\$/);
  });
});

describe('who is asked for a code', () => {
  it('everyone in a company that requires it', async () => {
    const user = await addUser(t, { company: await addCompany(t, { requireTwoFactor: true }) });
    const { res, code } = await requestCode(user);
    expect(res.json()).toMatchObject({ status: 'two_factor_required', method: 'mail' });
    expect((await postLogin(t, { email: user.email, two_factor_secret: code })).statusCode).toBe(200);
  });

  it('nobody who has not turned it on: a code sent anyway is ignored', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    expect((await postLogin(t, { email: user.email, two_factor_secret: '000000' })).statusCode).toBe(200);
  });

  it('an administrator, flagged isAdmin', async () => {
    const admin = await addUser(t, { company: null, twoFactor: 'mail' });
    const { res, code } = await requestCode(admin);
    expect(res.json()).toMatchObject({ status: 'two_factor_required', isAdmin: true });
    expect((await postLogin(t, { email: admin.email, two_factor_secret: code })).statusCode).toBe(200);
  });
});

describe('by text message', () => {
  it('sends the code through the SMS adapter to the mobile, masked in the answer', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mobile', mobile: '+44 7700 90 7890' });
    const res = await postLogin(t, { email: user.email });
    expect(res.json()).toMatchObject({
      status: 'two_factor_required',
      method: 'mobile',
      contact: '********7890',
      message: loginMessages.codeSent('mobile', '********7890'),
    });
    const text = texts.find((m) => m.to === '+44 7700 90 7890');
    const code = codeIn(text?.text ?? '');
    expect((await postLogin(t, { email: user.email, two_factor_secret: code })).statusCode).toBe(200);
    expect(sink.messages.some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('falls back to e-mail when the user has no mobile number', async () => {
    const user = await addUser(t, { company: await addCompany(t), twoFactor: 'mobile' });
    const { res } = await requestCode(user);
    expect(res.json()).toMatchObject({ method: 'mail' });
  });
});

describe('when the SMS provider fails', () => {
  let failing: TestApp;
  beforeAll(async () => {
    failing = await createTestApp({ realAuth: true, sms: { send: async () => Promise.reject(new Error('provider down')) } });
  });
  afterAll(async () => failing.close());

  it('answers 503 with a message to try again, and the next attempt sends a new code', async () => {
    const user = await addUser(failing, { company: await addCompany(failing), twoFactor: 'mobile', mobile: '07700900123' });
    const res = await postLogin(failing, { email: user.email });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('We could not send your sign-in code by text message. Please try again shortly.');
    await postLogin(failing, { email: user.email });
    const rows = await ownerSql<{ open: number }>(
      failing,
      sql`select count(*)::int as open from two_factor_challenges where user_id = ${user.id} and used_at is null`,
    );
    expect(rows[0]?.open).toBe(1);
  });
});
