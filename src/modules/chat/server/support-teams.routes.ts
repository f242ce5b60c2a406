// Support-team membership (administrators only, system scope): which teams each administrator
// answers for. A change is audited with the administrators' changes and tells the open pages
// of every administrator; from then on the member hears only their teams' new conversations.
// No change may leave a team with no active administrator to answer it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, auditCallerOf } from '../../../server/audit/audit-entry';
import { withSystem } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { GLOBAL_CHANNEL, userChannel } from '../../../shared/realtime';
import { AppError } from '../../../shared/app-error';
import type { HttpMethod } from '../../../shared/scopes';
import {
  ADMIN_CHAT_ENDPOINT,
  ADMIN_CHAT_RESOURCE,
  SUPPORT_TEAMS_RESOURCE,
  supportTeamPaths,
  UpdateSupportTeamsInputSchema,
  type SupportTeamMember,
  type SupportTeamMemberList,
} from '../chat.contract';
import { findAdministratorTeams } from './chat.queries';
import { changeTeams } from './support-teams.service';

// POST, not PUT: the administrators' role holds GET and POST on the chat endpoint, and a new
// method would need a migration to reach the roles that exist.
const access = (method: HttpMethod) => ({ config: { access: { endpoint: ADMIN_CHAT_ENDPOINT, method, scope: 'global' as const } } });

function administratorId(request: { params: unknown }): string {
  const parsed = v.safeParse(v.object({ id: v.pipe(v.string(), v.uuid()) }), request.params);
  if (!parsed.success) throw AppError.notFound();
  return parsed.output.id;
}

/** Only administrators themselves (no company; never an impersonated session) manage the teams. */
function requireAdministrator(request: FastifyRequest): void {
  if (requireSession(request).companyId) throw AppError.forbidden();
}

export function mountSupportTeams(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get(supportTeamPaths.list, access('GET'), async (request): Promise<SupportTeamMemberList> => {
    requireAdministrator(request);
    return { results: await withSystem(db, (trx) => findAdministratorTeams(trx)) };
  });

  app.get(`${supportTeamPaths.list}/:id`, access('GET'), async (request): Promise<SupportTeamMember> => {
    requireAdministrator(request);
    const id = administratorId(request);
    const [member] = await withSystem(db, (trx) => findAdministratorTeams(trx, { userId: id }));
    if (!member) throw AppError.notFound();
    return member;
  });

  app.post(`${supportTeamPaths.list}/:id`, access('POST'), async (request): Promise<SupportTeamMember> => {
    requireAdministrator(request);
    const id = administratorId(request);
    const input = parseInput(UpdateSupportTeamsInputSchema, request.body);
    const caller = auditCallerOf(request);
    return withSystem(db, async (trx) => {
      const [before] = await findAdministratorTeams(trx, { userId: id });
      if (!before) throw AppError.notFound();
      await changeTeams(trx, { userId: id, from: before.teams, to: input.teams });
      await auditCaller(trx, caller, {
        companyId: null,
        action: 'administrator.teams_changed',
        targetType: 'user',
        targetId: id,
        details: { from: before.teams, to: input.teams },
      });
      // Their own open pages list other chats now; every administrator's page shows the new teams.
      await publish(trx, { channel: userChannel(id), event: 'support_teams_changed', invalidates: [ADMIN_CHAT_RESOURCE] });
      await publish(trx, { channel: GLOBAL_CHANNEL, event: 'support_teams_changed', invalidates: [SUPPORT_TEAMS_RESOURCE] });
      return { user_id: id, teams: input.teams };
    });
  });
}
