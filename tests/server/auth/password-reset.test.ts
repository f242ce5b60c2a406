// Forgotten passwords end to end through a real SMTP sink: the same answer for any address,
// a single-use link valid for an hour, and using it sets the password, lifts the lock and
// ends every session of the user at once; no more than three links an hour per account.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedMessage, resetLinkInvalidMessage } from '../../../src/modules/auth/auth.contract';
import { PASSWORD_RESET_SUBJECT } from '../../../src/modules/auth/server/password-reset.service';
import { addCompany, addUser, bearer, ownerSql, postLogin, resetTokenIn, type UserFixture } from '../../support/identity-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ realAuth: true, env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email } });
const completeReset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/complete', payload: { token, password } });

async function mailedToken(user: UserFixture) {
  const before = sink.messages.filter((m) => m.to.includes(user.email)).length;
  expect((await requestReset(user.email)).statusCode).toBe(202);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = sink.messages.filter((m) => m.to.includes(user.email));
    const latest = mails[mails.length - 1];
    if (mails.length > before && latest) return { ...resetTokenIn(latest.raw), raw: latest.raw };
    if (Date.now() > deadline) throw new Error(`no reset mail to ${user.email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const invalidLink = { code: 'validation', message: 'Please check provided details.', errors: { token: [resetLinkInvalidMessage] } };

describe('asking for a link', () => {
  it('answers 202 with the same message whether or not the address has an account', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const known = await requestReset(user.email);
    const unknown = await requestReset(`nobody-${user.id.slice(0, 8)}@example.test`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: passwordResetRequestedMessage });
    expect(unknown.json()).toEqual(known.json());
    await t.deps.mail.drain();
    expect(sink.messages.some((m) => m.to.includes(`nobody-${user.id.slice(0, 8)}@example.test`))).toBe(false);
  });

  it('mails a link to PUBLIC_ORIGIN/reset-password with a token kept only as a hash', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const { link, token, raw } = await mailedToken(user);
    expect(raw).toContain('Subject: Reset your Stafflane password');
    expect(link).toBe(`https://app.example.test/reset-password?token=${token}`);
    const rows = await ownerSql<{ row: string; ttl: number }>(
      t,
      sql`select r::text as row, extract(epoch from expires_at - created_at)::int as ttl from password_reset_tokens r where user_id = ${user.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(token);
    expect(rows[0]?.ttl).toBe(3600);
  });

  it('sends nothing to a terminated user', async () => {
    const user = await addUser(t, { company: await addCompany(t), status: 'terminated' });
    expect((await requestReset(user.email)).statusCode).toBe(202);
    await t.deps.mail.drain();
    expect(sink.messages.some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('mails one account at most three links an hour, however many are asked for at once, with the same answer', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const burst = () => Promise.all(Array.from({ length: 20 }, () => requestReset(user.email)));
    const answers = [...(await burst())];
    for (let i = 0; i < 10; i++) answers.push(await requestReset(user.email));
    answers.push(...(await burst()));
    expect(answers).toHaveLength(50);
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(
      new Set([`202 ${JSON.stringify({ message: passwordResetRequestedMessage })}`]),
    );
    const queued = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from outbox_email where to_address = ${user.email} and subject = ${PASSWORD_RESET_SUBJECT}`,
    );
    expect(Number(queued[0]?.n)).toBe(3);

    // An hour after the first links, the next one is sent.
    await ownerSql(t, sql`update password_reset_tokens set created_at = now() - interval '61 minutes' where user_id = ${user.id}`);
    expect((await requestReset(user.email)).statusCode).toBe(202);
    const later = await ownerSql<{ n: string }>(t, sql`select count(*) as n from outbox_email where to_address = ${user.email}`);
    expect(Number(later[0]?.n)).toBe(4);
  });

  it('refuses a malformed address with field errors', async () => {
    const res = await requestReset('not-an-address');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This is not a valid e-mail address.'] });
  });
});

describe('using the link', () => {
  it('sets the password, ends every session at once, and works only once', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const before = (await postLogin(t, { email: user.email })).json().auth_token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(before) })).statusCode).toBe(200);

    const { token } = await mailedToken(user);
    expect((await completeReset(token, 'a-new-password')).statusCode).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(before) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(before) })).statusCode).toBe(401);
    expect((await postLogin(t, { email: user.email })).statusCode).toBe(401);
    expect((await postLogin(t, { email: user.email, password: 'a-new-password' })).statusCode).toBe(200);

    const again = await completeReset(token, 'another-password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(invalidLink);
  });

  it('lifts the lock on the address', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    for (let i = 0; i < 5; i++) await postLogin(t, { email: user.email, password: 'not-the-password' });
    expect((await postLogin(t, { email: user.email })).json()).toMatchObject({ status: 'locked' });
    const { token } = await mailedToken(user);
    expect((await completeReset(token, 'unlocked-password')).statusCode).toBe(204);
    expect((await postLogin(t, { email: user.email, password: 'unlocked-password' })).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const { token } = await mailedToken(user);
    await ownerSql(t, sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    const res = await completeReset(token, 'too-late-password');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalidLink);
  });

  it('refuses an unknown token, and an earlier link once a later one was used', async () => {
    expect((await completeReset('made-up-token', 'whatever-password')).json()).toEqual(invalidLink);
    const user = await addUser(t, { company: await addCompany(t) });
    const first = await mailedToken(user);
    const second = await mailedToken(user);
    expect((await completeReset(second.token, 'second-password')).statusCode).toBe(204);
    expect((await completeReset(first.token, 'first-password')).statusCode).toBe(422);
  });

  it('checks the new password like any other', async () => {
    const res = await completeReset('some-token', '123');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ["It's too short."] });
  });

  it('is audited: the request and the reset, with the sessions it ended', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    await postLogin(t, { email: user.email });
    const { token } = await mailedToken(user);
    await completeReset(token, 'audited-password');
    const rows = await ownerSql<{ action: string; actor_id: string | null; company_id: string | null; details: unknown }>(
      t,
      sql`select action, actor_id, company_id, details from audit_log
          where target_id = ${user.id} and action like 'password_reset.%' order by id`,
    );
    expect(rows).toEqual([
      { action: 'password_reset.requested', actor_id: null, company_id: user.companyId, details: { email: user.email, sent: true } },
      { action: 'password_reset.completed', actor_id: user.id, company_id: user.companyId, details: { sessions_revoked: 1 } },
    ]);
  });
});
