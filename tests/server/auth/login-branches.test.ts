// POST /api/login: every refusal with its message, revealed only after the
// password is right, and an unknown address answered exactly like a wrong password.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { seedDemo } from '../../../src/app/server/seed';
import { addCompany, addUser, ownerSql, postLogin } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
  await seedDemo(t.database.ownerDb);
});
afterAll(async () => t.close());

const WRONG = 'not-the-password';

describe('a wrong password and an unknown address', () => {
  it('get the same status, body and count at every step', async () => {
    const known = await addUser(t, { company: await addCompany(t) });
    const unknown = `nobody-${known.id.slice(0, 8)}@example.test`;
    for (const attempt of [1, 2, 3]) {
      const a = await postLogin(t, { email: known.email, password: WRONG });
      const b = await postLogin(t, { email: unknown, password: WRONG });
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      expect(a.json()).toEqual(b.json());
      expect(a.json()).toEqual({
        code: 'unauthenticated',
        status: 'failed',
        message: attempt === 1 ? loginMessages.failed : loginMessages.failedWithAttempts(attempt, 5),
        attempts: attempt,
        max_attempts: 5,
        lockout_date: null,
        details: null,
      });
    }
    const rows = await ownerSql<{ email: string; failed_count: number }>(
      t,
      sql`select email, failed_count from login_attempts where email in (${known.email}, ${unknown}) order by email`,
    );
    expect(rows.map((r) => r.failed_count)).toEqual([3, 3]);
  });

  it('take about as long as each other (the unknown address is checked against a dummy hash)', async () => {
    const known = await addUser(t, { company: await addCompany(t) });
    const time = async (email: string) => {
      const started = performance.now();
      await postLogin(t, { email, password: WRONG });
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Fewer than the lock limit each, interleaved so that load on the machine hits both alike.
    for (let i = 0; i < 4; i++) {
      knownTimes.push(await time(known.email));
      unknownTimes.push(await time(`ghost-${known.id.slice(0, 8)}@example.test`));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const ratio = median(unknownTimes) / median(knownTimes);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('count the address however it is capitalised', async () => {
    const known = await addUser(t, { company: await addCompany(t) });
    await postLogin(t, { email: known.email.toUpperCase(), password: WRONG });
    const second = await postLogin(t, { email: known.email, password: WRONG });
    expect(second.json()).toMatchObject({ attempts: 2 });
  });
});

describe('company states', () => {
  // A company not active: on hold and disabled companies read the same words.
  for (const companyStatus of ['on_hold', 'disabled'] as const) {
    it(`${companyStatus}: company_inactive with the right password, a plain failure with a wrong one`, async () => {
      const user = await addUser(t, { company: await addCompany(t, { status: companyStatus }) });
      const wrong = await postLogin(t, { email: user.email, password: WRONG });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ status: 'failed', message: loginMessages.failed });

      const right = await postLogin(t, { email: user.email });
      expect(right.statusCode).toBe(401);
      expect(right.json()).toMatchObject({ code: 'unauthenticated', status: 'company_inactive', message: loginMessages.companyInactive });
    });
  }
});

describe("a person's own access", () => {
  const cases = [
    ['on_hold', 'account_on_hold', loginMessages.accountOnHold],
    ['disabled', 'access_disabled', loginMessages.accessDisabled],
  ] as const;
  for (const [access, status, message] of cases) {
    it(`${access}: ${status} with the right password, in an active company`, async () => {
      const user = await addUser(t, { company: await addCompany(t) });
      await ownerSql(t, sql`update users set access = ${access} where id = ${user.id}`);
      const right = await postLogin(t, { email: user.email });
      expect(right.statusCode).toBe(401);
      expect(right.json()).toMatchObject({ code: 'unauthenticated', status, message });
    });
  }
});

describe('user states', () => {
  for (const userStatus of ['invited', 'pending'] as const) {
    it(`${userStatus}: invite not accepted`, async () => {
      const user = await addUser(t, { company: await addCompany(t), status: userStatus });
      const res = await postLogin(t, { email: user.email });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'invite_not_accepted', message: 'Invite not accepted.' });
    });
  }

  for (const userStatus of ['terminated', 'locked'] as const) {
    it(`${userStatus}: a generic failure that says nothing more`, async () => {
      const user = await addUser(t, { company: await addCompany(t), status: userStatus });
      const res = await postLogin(t, { email: user.email });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'unauthenticated', status: 'failed', message: loginMessages.generic, details: null });
    });
  }

  it('a terminated user of a disabled company is told nothing about the company', async () => {
    const user = await addUser(t, { company: await addCompany(t, { status: 'disabled' }), status: 'terminated' });
    expect((await postLogin(t, { email: user.email })).json()).toMatchObject({ status: 'failed', message: loginMessages.generic });
  });
});

describe('success', () => {
  it('resets the count of failures for the address', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    await postLogin(t, { email: user.email, password: WRONG });
    await postLogin(t, { email: user.email, password: WRONG });
    expect((await postLogin(t, { email: user.email })).statusCode).toBe(200);
    expect((await postLogin(t, { email: user.email, password: WRONG })).json()).toMatchObject({
      attempts: 1,
      message: loginMessages.failed,
    });
  });

  it('flags misconfigured when the role has no permission entries or no longer exists', async () => {
    const company = await addCompany(t);
    const user = await addUser(t, { company });
    await ownerSql(t, sql`delete from role_permissions where role_id = ${company.roleId}`);
    expect((await postLogin(t, { email: user.email })).json()).toMatchObject({ misconfigured: true, permissions: [] });
    await ownerSql(t, sql`delete from roles where id = ${company.roleId}`);
    expect((await postLogin(t, { email: user.email })).json()).toMatchObject({ misconfigured: true });
  });

  it('is not flagged misconfigured for the demo owner', async () => {
    const res = await postLogin(t, { email: 'owner@demo.test', password: 'demo-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ misconfigured: false });
  });
});

describe('audit', () => {
  it('records failed, refused and successful sign-ins with address, target, IP and user agent', async () => {
    const company = await addCompany(t, { status: 'on_hold' });
    const user = await addUser(t, { company });
    const ghost = `ghost-audit-${user.id.slice(0, 8)}@example.test`;
    const headers = { 'user-agent': 'audit-test/1.0' };
    await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email: user.email, password: WRONG } });
    await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email: ghost, password: WRONG } });
    await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email: user.email, password: 'fixture-password' } });
    await ownerSql(t, sql`update companies set status = 'active' where id = ${company.companyId}`);
    await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email: user.email, password: 'fixture-password' } });

    const rows = await ownerSql<{
      action: string;
      company_id: string | null;
      actor_id: string | null;
      target_id: string | null;
      details: unknown;
    }>(
      t,
      sql`select action, company_id, actor_id, target_id, details from audit_log
          where details->>'email' in (${user.email}, ${ghost}) and user_agent = 'audit-test/1.0' and ip is not null order by id`,
    );
    expect(rows).toEqual([
      {
        action: 'login.failed',
        company_id: company.companyId,
        actor_id: null,
        target_id: user.id,
        details: { email: user.email, reason: 'wrong_password' },
      },
      { action: 'login.failed', company_id: null, actor_id: null, target_id: null, details: { email: ghost, reason: 'unknown_account' } },
      {
        action: 'login.refused',
        company_id: company.companyId,
        actor_id: null,
        target_id: user.id,
        details: { email: user.email, reason: 'company_inactive' },
      },
      {
        action: 'login.succeeded',
        company_id: company.companyId,
        actor_id: user.id,
        target_id: user.id,
        details: { email: user.email, two_factor: false },
      },
    ]);
  });

  it('records a sign-out against the session it ended', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const token = (await postLogin(t, { email: user.email })).json().auth_token as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      204,
    );
    const rows = await ownerSql<{ actor_id: string; target_type: string }>(
      t,
      sql`select actor_id, target_type from audit_log where action = 'logout' and actor_id = ${user.id}`,
    );
    expect(rows).toEqual([{ actor_id: user.id, target_type: 'session' }]);
  });
});
