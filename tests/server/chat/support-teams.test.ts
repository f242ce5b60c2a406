// Support-team membership: only administrators read and change an administrator's teams
// (404 for anyone who is not one, 422 for a bad body), the change is in the platform audit,
// and it decides who hears a team's next conversation; no change leaves a team with nobody to
// answer it. A newly invited administrator starts in the support team.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatConversationList,
  StartChatResult,
  SupportTeamMember,
  SupportTeamMemberList,
} from '../../../src/modules/chat/chat.contract';
import type { PlatformAuditPage } from '../../../src/modules/companies/platform-audit.contract';
import { call, chatEventChannels, IN_HOURS, startChatWorld, type ChatWorld } from '../../support/chat-fixtures';
import { ownerSql } from '../../support/identity-fixtures';
import type { Person } from '../../support/shell-fixtures';

let w: ChatWorld;
beforeAll(async () => {
  w = await startChatWorld();
}, 60_000);
afterAll(async () => w.close());

const memberPath = (id: string) => `/api/admin-chat/team-members/${id}`;
const setTeams = (who: Person, id: string, teams: unknown) => call(w.t, who, 'POST', memberPath(id), { teams });

async function startSupportChat(message: string): Promise<string> {
  w.setClock(IN_HOURS);
  const res = await call(w.t, w.employee, 'POST', '/api/chat/conversations', { team: 'support', message, confirmed: true });
  expect(res.statusCode, res.body).toBe(201);
  const result = res.json<StartChatResult>();
  if (result.kind !== 'conversation') throw new Error('expected a conversation');
  return result.conversation.id;
}
const listedFor = async (who: Person) =>
  (await call(w.t, who, 'GET', '/api/admin-chat/conversations')).json<ChatConversationList>().results.map((c) => c.id);

describe('who may read and change support teams', () => {
  it('is administrators only: company users are refused, and anyone who is not an administrator is not found', async () => {
    const list = await call(w.t, w.supportAdmin, 'GET', '/api/admin-chat/team-members');
    expect(list.statusCode).toBe(200);
    const results = list.json<SupportTeamMemberList>().results;
    expect(results).toEqual(
      expect.arrayContaining([
        { user_id: w.supportAdmin.id, teams: ['support'] },
        { user_id: w.hrAdmin.id, teams: ['hr'] },
      ]),
    );
    // Company people never appear as team members.
    expect(results.map((member) => member.user_id)).not.toContain(w.employee.id);

    for (const who of [w.authorised, w.otherCompanyEmployee, w.employee]) {
      expect((await call(w.t, who, 'GET', '/api/admin-chat/team-members')).statusCode).toBe(403);
      expect((await call(w.t, who, 'GET', memberPath(w.hrAdmin.id))).statusCode).toBe(403);
      expect((await setTeams(who, w.hrAdmin.id, ['support'])).statusCode).toBe(403);
    }
    expect((await call(w.t, null, 'GET', '/api/admin-chat/team-members')).statusCode).toBe(401);

    // A company owner's id, or no id at all, is no administrator.
    for (const id of [w.authorised.id, crypto.randomUUID(), 'not-an-id']) {
      expect((await call(w.t, w.supportAdmin, 'GET', memberPath(id))).statusCode).toBe(404);
      expect((await setTeams(w.supportAdmin, id, ['support'])).statusCode).toBe(404);
    }
    // Nothing was changed by the refused calls.
    expect((await call(w.t, w.supportAdmin, 'GET', memberPath(w.hrAdmin.id))).json<SupportTeamMember>()).toEqual({
      user_id: w.hrAdmin.id,
      teams: ['hr'],
    });
  });

  it('answers 422 with the field for a body that is not a list of teams', async () => {
    for (const body of [{}, { teams: 'support' }, { teams: ['sales'] }, { teams: [null] }, { teams: ['hr', 'hr', 'hr', 'hr'] }]) {
      const res = await call(w.t, w.supportAdmin, 'POST', memberPath(w.hrAdmin.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      // The list itself (`teams`) or one of its items (`teams.0`) is named.
      expect(
        Object.keys(res.json<{ errors: Record<string, string[]> }>().errors).some((key) => key.split('.')[0] === 'teams'),
        JSON.stringify(body),
      ).toBe(true);
    }
  });
});

describe('a change of teams', () => {
  it('decides who hears the next conversation, and is in the platform audit', async () => {
    const before = await startSupportChat('Before the change');
    expect(await listedFor(w.hrAdmin)).not.toContain(before);

    // Hana joins the support team; Sam leaves it (he may change his own teams).
    const joined = await setTeams(w.supportAdmin, w.hrAdmin.id, ['support', 'hr', 'hr']);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<SupportTeamMember>()).toEqual({ user_id: w.hrAdmin.id, teams: ['support', 'hr'] });
    expect((await setTeams(w.supportAdmin, w.supportAdmin.id, [])).json<SupportTeamMember>().teams).toEqual([]);

    const after = await startSupportChat('After the change');
    expect(await chatEventChannels(w.t, after)).toEqual([`user-${w.employee.id}`, `user-${w.hrAdmin.id}`].sort());
    expect(await listedFor(w.hrAdmin)).toEqual(expect.arrayContaining([before, after]));
    expect(await listedFor(w.supportAdmin)).toEqual([]);
    expect((await call(w.t, w.supportAdmin, 'GET', `/api/admin-chat/conversations/${after}`)).statusCode).toBe(404);

    const audit = await call(w.t, w.hrAdmin, 'GET', '/api/platform-audit?kind=administrators');
    expect(audit.statusCode).toBe(200);
    const changes = audit.json<PlatformAuditPage>().results.filter((entry) => entry.action === 'administrator.teams_changed');
    expect(changes.map((entry) => [entry.target_id, entry.details])).toEqual(
      expect.arrayContaining([
        [w.hrAdmin.id, { from: ['hr'], to: ['support', 'hr'] }],
        [w.supportAdmin.id, { from: ['support'], to: [] }],
      ]),
    );

    // Put Sam back for the tests that follow.
    expect((await setTeams(w.hrAdmin, w.supportAdmin.id, ['support'])).statusCode).toBe(200);
  });

  it('refuses to leave a team with nobody to answer it, and tells every administrator of a change', async () => {
    // Hana is the HR advice team's only active member: taking her out would leave its chats unanswered.
    const hanas = (await call(w.t, w.supportAdmin, 'GET', memberPath(w.hrAdmin.id))).json<SupportTeamMember>().teams;
    expect(hanas).toContain('hr');
    const refused = await setTeams(w.supportAdmin, w.hrAdmin.id, []);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'The HR advice team would have nobody to answer its chats. Add another administrator to it first.',
    );
    expect((await call(w.t, w.supportAdmin, 'GET', memberPath(w.hrAdmin.id))).json<SupportTeamMember>().teams).toEqual(hanas);

    // Nor may she be removed while the team has nobody else.
    const removal = await w.t.app.inject({ method: 'DELETE', url: `/api/administrators/${w.hrAdmin.id}`, headers: w.supportAdmin.headers });
    expect(removal.statusCode, removal.body).toBe(409);
    expect(removal.json<{ message: string }>().message).toMatch(/^The HR advice team would have nobody/);
    expect((await call(w.t, w.supportAdmin, 'GET', memberPath(w.hrAdmin.id))).json<SupportTeamMember>().teams).toEqual(hanas);

    // With Sam in it too, she may leave; an invited administrator who has not started would not have counted.
    expect((await setTeams(w.supportAdmin, w.supportAdmin.id, ['support', 'hr'])).statusCode).toBe(200);
    const left = await setTeams(w.supportAdmin, w.hrAdmin.id, []);
    expect(left.statusCode, left.body).toBe(200);
    const [event] = await ownerSql<{ invalidates: string[] }>(
      w.t,
      sql`select invalidates from realtime_events where event = 'support_teams_changed' and channel = 'global' order by id desc limit 1`,
    );
    expect(event?.invalidates).toEqual(['support-team-members']);

    // Back as they were for the tests that follow.
    expect((await setTeams(w.supportAdmin, w.hrAdmin.id, hanas)).statusCode).toBe(200);
    expect((await setTeams(w.supportAdmin, w.supportAdmin.id, ['support'])).statusCode).toBe(200);
  });

  it('starts a newly invited administrator in the support team', async () => {
    const invited = await call(w.t, w.supportAdmin, 'POST', '/api/administrators', {
      first_name: 'Nia',
      surname: 'New',
      email: `nia.${crypto.randomUUID().slice(0, 8)}@stafflane.test`,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { id } = invited.json<{ id: string }>();
    expect((await call(w.t, w.supportAdmin, 'GET', memberPath(id))).json<SupportTeamMember>()).toEqual({ user_id: id, teams: ['support'] });

    // Nobody active answers the H&S advice team: Nia (invited, not yet started) may join it and leave it again.
    expect((await setTeams(w.supportAdmin, id, ['support', 'hs'])).statusCode).toBe(200);
    const left = await setTeams(w.supportAdmin, id, ['support']);
    expect(left.statusCode, left.body).toBe(200);
  });

  it('stops a removed administrator hearing their team', async () => {
    const invited = await call(w.t, w.supportAdmin, 'POST', '/api/administrators', {
      first_name: 'Rex',
      surname: 'Removed',
      email: `rex.${crypto.randomUUID().slice(0, 8)}@stafflane.test`,
    });
    const { id } = invited.json<{ id: string }>();
    const heard = await startSupportChat('Rex is still here');
    expect(await chatEventChannels(w.t, heard)).toContain(`user-${id}`);
    expect((await w.t.app.inject({ method: 'DELETE', url: `/api/administrators/${id}`, headers: w.supportAdmin.headers })).statusCode).toBe(
      204,
    );
    const unheard = await startSupportChat('Rex has gone');
    expect(await chatEventChannels(w.t, unheard)).not.toContain(`user-${id}`);
    expect((await call(w.t, w.supportAdmin, 'GET', memberPath(id))).statusCode).toBe(404);
  });

  it('never answers 5xx, whatever the body', async () => {
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom('teams', 'user_id', 'team'),
        fc.oneof(
          fc.string(),
          fc.array(fc.oneof(fc.string(), fc.constantFrom('support', 'hr', 'hs'), fc.integer(), fc.constant(null)), { maxLength: 6 }),
          fc.constant(null),
        ),
      ),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.string(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(w.hrAdmin.id, w.employee.id, 'x'), async (payload, id) => {
        const res = await call(w.t, w.supportAdmin, 'POST', memberPath(id), payload);
        expect(res.statusCode, `${id} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});
