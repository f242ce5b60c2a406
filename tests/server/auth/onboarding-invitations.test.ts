// Invitations (POST /api/user-invitation) through a real SMTP sink: who may invite whom
// (scopes over the invited user), what the e-mail says, and that only the latest
// link works. The rest of onboarding is in onboarding.test.ts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { alreadyOnboardedMessage, cannotInviteMessage, invitationLinkInvalidMessage } from '../../../src/modules/auth/auth.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { addRole, addUser, mailText, ownerSql } from '../../support/identity-fixtures';
import {
  addTeam,
  companyCount,
  confirm,
  ctx,
  invite,
  invitedToken,
  setUpOnboardingApp,
  statusOf,
  tokenOf,
} from '../../support/onboarding-fixtures';

setUpOnboardingApp();

describe('POST /api/user-invitation', () => {
  it('invites a pending user: status invited, a week-long link by e-mail kept only as a hash, audited', async () => {
    const team = await addTeam();
    const pending = await team.add('pending');
    const owner = await tokenOf(team.owner);
    const res = await invite(owner, pending.id);
    expect(res.json()).toEqual({ user_id: pending.id, status: 'invited', email: pending.email });
    expect(await statusOf(pending.id)).toBe('invited');
    await ctx.t.deps.mail.drain();
    const mail = ctx.sink.messages.filter((m) => m.to.includes(pending.email)).at(-1);
    expect(mail?.raw).toContain('Subject: You are invited to Stafflane');
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain(`Onboarding ${companyCount()} Ltd has invited you to Stafflane`);
    const link = /(\S+\/confirm-email\?token=[\w-]+)/.exec(text)?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(link).toBe(`https://app.example.test/confirm-email?token=${token}`);
    const rows = await ownerSql<{ row: string; ttl: number }>(
      ctx.t,
      sql`select r::text as row, extract(epoch from expires_at - created_at)::int as ttl from invitation_tokens r where user_id = ${pending.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(token);
    expect(rows[0]?.ttl).toBe(7 * 24 * 3600);
    const audit = await ownerSql<{ actor_id: string; company_id: string; details: unknown }>(
      ctx.t,
      sql`select actor_id, company_id, details from audit_log where action = 'user.invited' and target_id = ${pending.id}`,
    );
    expect(audit).toEqual([
      { actor_id: team.owner.id, company_id: team.companyId, details: { email: pending.email, previous_status: 'pending' } },
    ]);
  });

  it('invites again: a new link, and the earlier one stops working', async () => {
    const team = await addTeam();
    const pending = await team.add('pending');
    const owner = await tokenOf(team.owner);
    const first = await invitedToken(owner, pending);
    const second = await invitedToken(owner, pending);
    expect(second.token).not.toBe(first.token);
    const stale = await confirm(first.token);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ token: [invitationLinkInvalidMessage] });
    expect((await confirm(second.token)).statusCode).toBe(200);
  });

  it('lets a manager invite people of their own department only; employees nobody else', async () => {
    const team = await addTeam();
    const pending = await team.add('pending');
    expect((await invite(await tokenOf(team.managerB), pending.id)).statusCode).toBe(403);
    expect((await invite(await tokenOf(team.employee), pending.id)).statusCode).toBe(403);
    expect(await statusOf(pending.id)).toBe('pending');
    expect((await invite(await tokenOf(team.managerA), pending.id)).statusCode).toBe(200);
    expect(await statusOf(pending.id)).toBe('invited');
  });

  it('answers 404 for another company’s user, an unknown id, and 401 without a session', async () => {
    const [ours, theirs] = [await addTeam(), await addTeam()];
    const stranger = await theirs.add('pending');
    const owner = await tokenOf(ours.owner);
    const res = await invite(owner, stranger.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(stranger.email);
    expect(await statusOf(stranger.id)).toBe('pending');
    expect((await invite(owner, crypto.randomUUID())).statusCode).toBe(404);
    expect((await invite(owner, 'not-a-uuid')).statusCode).toBe(422);
    const anonymous = await ctx.t.app.inject({ method: 'POST', url: '/api/user-invitation', payload: { user_id: stranger.id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an administrator (no company): inviting is a company’s own work', async () => {
    const team = await addTeam();
    const pending = await team.add('pending');
    const admin = await addUser(ctx.t, {
      company: null,
      roleId: await addRole(ctx.t, { companyId: null, template: PRODUCT_ROLES.administrator }),
    });
    const adminToken = await tokenOf(admin);
    expect((await invite(adminToken, pending.id)).statusCode).toBe(403);
    const audit = await ownerSql<{ actor_id: string }>(
      ctx.t,
      sql`select actor_id from audit_log where action = 'user.invited' and target_id = ${pending.id}`,
    );
    expect(audit).toEqual([]);
  });

  it('refuses users who are active, terminated or locked with 409 and a message', async () => {
    const team = await addTeam();
    const owner = await tokenOf(team.owner);
    const active = await invite(owner, team.employee.id);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe(alreadyOnboardedMessage);
    for (const status of ['terminated', 'locked'] as const) {
      const res = await invite(owner, (await team.add(status)).id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(cannotInviteMessage);
    }
  });
});
