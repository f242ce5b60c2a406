// Onboarding end to end through a real SMTP sink: the invitation link opens a session that may
// only finish onboarding, and /api/welcome sets the password and accepts the terms, after which
// the user signs in like anyone else. Also the `line_managers` claim and the demo company's
// onboarding data. Who may invite whom: onboarding-invitations.test.ts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  alreadyOnboardedMessage,
  invitationLinkExpiredMessage,
  invitationLinkInvalidMessage,
  loginMessages,
  notWhileImpersonatingMessage,
  onboardingDoneMessage,
  termsNotAcceptedMessage,
} from '../../../src/modules/auth/auth.contract';
import { createSession, findTokenAccount } from '../../../src/modules/auth/server/auth.queries';
import { signingKeys } from '../../../src/modules/auth/server/authenticator';
import { DEMO_INVITED_ACCOUNT } from '../../../src/modules/auth/server/onboarding-demo';
import { addLineManager } from '../../../src/modules/auth/server/onboarding.queries';
import { claimsFor, signAccessToken } from '../../../src/modules/auth/server/tokens';
import { withSystem } from '../../../src/server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { finishOnboardingMessage } from '../../../src/server/plugins/request-context';
import { bearer, ownerSql, postLogin } from '../../support/identity-fixtures';
import { deliveredMail } from '../../support/smtp-sink';
import {
  addTeam,
  claimsOf,
  confirm,
  ctx,
  invite,
  invitedToken,
  setUpOnboardingApp,
  statusOf,
  tokenOf,
  welcome,
  type Person,
  type Team,
} from '../../support/onboarding-fixtures';

setUpOnboardingApp();

describe('POST /api/confirm-email and the onboarding session', () => {
  it('gives a login-shaped session with status invited that may only finish onboarding', async () => {
    const team = await addTeam();
    const pending = await team.add('pending');
    const { token } = await invitedToken(await tokenOf(team.owner), pending);
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(Object.keys(session).sort()).toEqual([
      'auth_token',
      'docs_only',
      'email',
      'hr_client',
      'hs_client',
      'misconfigured',
      'permissions',
    ]);
    expect(session.email).toBe(pending.email);
    expect(claimsOf(session.auth_token)).toMatchObject({ user_id: pending.id, status: 'invited', company_id: team.companyId });
    const confirmed = await ownerSql<{ confirmed: boolean }>(
      ctx.t,
      sql`select email_confirmed_at is not null as confirmed from users where id = ${pending.id}`,
    );
    expect(confirmed).toEqual([{ confirmed: true }]);

    const elsewhere = await ctx.t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(session.auth_token) });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(finishOnboardingMessage);
    expect((await invite(session.auth_token, team.employee.id)).statusCode).toBe(403);
    const refreshed = await ctx.t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(session.auth_token) });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().auth_token).status).toBe('invited');
    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(session.auth_token) })).statusCode).toBe(204);
  });

  it('works once; an unknown or expired link is refused with a message the screen shows', async () => {
    const team = await addTeam();
    const owner = await tokenOf(team.owner);
    const once = await team.add('pending');
    const { token } = await invitedToken(owner, once);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [invitationLinkInvalidMessage] });
    expect((await confirm('made-up-token')).json().errors).toEqual({ token: [invitationLinkInvalidMessage] });

    const late = await team.add('pending');
    const expired = await invitedToken(owner, late);
    await ownerSql(ctx.t, sql`update invitation_tokens set expires_at = now() - interval '1 second' where user_id = ${late.id}`);
    const res = await confirm(expired.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [invitationLinkExpiredMessage] });
    expect((await confirm('')).statusCode).toBe(422);
  });

  it('keeps refusing sign-in with "Invite not accepted." until onboarding is done', async () => {
    const team = await addTeam();
    const invited = await team.add('invited');
    const res = await postLogin(ctx.t, { email: invited.email });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'invite_not_accepted', message: loginMessages.inviteNotAccepted });
  });
});

describe('POST /api/welcome', () => {
  async function onboardingSession(): Promise<{ team: Team; person: Person; token: string }> {
    const team = await addTeam();
    const person = await team.add('pending');
    const { token } = await invitedToken(await tokenOf(team.owner), person);
    return { team, person, token: (await confirm(token)).json().auth_token };
  }

  it('checks the password and the terms', async () => {
    const { token } = await onboardingSession();
    const short = await welcome(token, { password: '1234', accept_terms: true });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ["It's too short."] });
    const declined = await welcome(token, { password: 'a-good-password', accept_terms: false });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors).toEqual({ accept_terms: [termsNotAcceptedMessage] });
    expect((await welcome(token, { password: 'a-good-password' })).json().errors).toEqual({ accept_terms: [termsNotAcceptedMessage] });
  });

  it('sets the password, makes the user active with a fresh session and ends the onboarding one', async () => {
    const { team, person, token } = await onboardingSession();
    const res = await welcome(token, { password: 'my-own-password', accept_terms: true });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json();
    expect(Object.keys(fresh).sort()).toEqual(['auth_token', 'docs_only', 'hr_client', 'hs_client', 'misconfigured', 'permissions']);
    expect(claimsOf(fresh.auth_token)).toMatchObject({ user_id: person.id, status: 'active' });
    expect(fresh.permissions.length).toBeGreaterThan(0);

    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(token) })).statusCode).toBe(401);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(fresh.auth_token) })).statusCode).toBe(200);
    expect(await statusOf(person.id)).toBe('active');
    const [row] = await ownerSql<{ terms: boolean }>(
      ctx.t,
      sql`select terms_accepted_at is not null as terms from users where id = ${person.id}`,
    );
    expect(row?.terms).toBe(true);
    expect((await postLogin(ctx.t, { email: person.email, password: 'my-own-password' })).statusCode).toBe(200);

    const twice = await welcome(fresh.auth_token, { password: 'another-password', accept_terms: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(onboardingDoneMessage);
    expect((await invite(await tokenOf(team.owner), person.id)).json().message).toBe(alreadyOnboardedMessage);
    const audit = await ownerSql<{ details: unknown }>(
      ctx.t,
      sql`select details from audit_log where action = 'onboarding.completed' and target_id = ${person.id}`,
    );
    expect(audit).toEqual([{ details: { terms_accepted: true, sessions_revoked: 1 } }]);
  });

  it('is refused in an impersonated session: an administrator never sets someone’s password', async () => {
    const team = await addTeam();
    const invited = await team.add('invited');
    const sessionId = await createSession(ctx.t.database.db, {
      userId: invited.id,
      companyId: team.companyId,
      impersonatorId: team.owner.id,
      maxSeconds: 3600,
    });
    const account = await withSystem(ctx.t.database.db, (trx) => findTokenAccount(trx, invited.id));
    if (!account) throw new Error('no account');
    const token = await signAccessToken(
      await signingKeys(ctx.t.deps),
      claimsFor({ account, departmentIds: [], sessionId, imp: true }),
      900,
    );
    const res = await welcome(token, { password: 'imposed-password', accept_terms: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(notWhileImpersonatingMessage);
    expect(await statusOf(invited.id)).toBe('invited');
  });

  it('answers an active user’s session with 409, and nobody without one', async () => {
    const team = await addTeam();
    const res = await welcome(await tokenOf(team.employee), { password: 'whatever-password', accept_terms: true });
    expect(res.statusCode).toBe(409);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/welcome', payload: { password: 'x-password', accept_terms: true } })).statusCode,
    ).toBe(401);
  });
});

describe('line managers', () => {
  it('are in the token as line_managers, at sign-in and at refresh', async () => {
    const team = await addTeam();
    await addLineManager(ctx.t.database.ownerDb, { companyId: team.companyId, userId: team.employee.id, managerId: team.managerA.id });
    const token = await tokenOf(team.employee);
    expect(claimsOf(token).line_managers).toEqual([team.managerA.id]);
    const refreshed = await ctx.t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(token) });
    expect(claimsOf(refreshed.json().auth_token).line_managers).toEqual([team.managerA.id]);
    expect(claimsOf(await tokenOf(team.managerA)).line_managers).toEqual([]);
  });

  it('the demo company: Marcus manages Ella, and Ivy is invited with a link in the outbox', async () => {
    await seedDemo(ctx.t.database.ownerDb, { publicOrigin: 'https://demo.example.test', port: 3000 });
    const ella = await postLogin(ctx.t, { email: 'employee@demo.test', password: DEMO_PASSWORD });
    const marcus = await postLogin(ctx.t, { email: 'manager@demo.test', password: DEMO_PASSWORD });
    expect(claimsOf(ella.json().auth_token).line_managers).toEqual([claimsOf(marcus.json().auth_token).user_id]);
    expect(await statusOf(DEMO_INVITED_ACCOUNT.id)).toBe('invited');
    const outbox = (await deliveredMail(ctx.t.deps.mail, ctx.sink, DEMO_INVITED_ACCOUNT.email)).map((mail) => ({ text_body: mail.text }));
    expect(outbox[0]?.text_body).toMatch(/https:\/\/demo\.example\.test\/confirm-email\?token=[\w-]+/);
  });
});
