// /api/administrators for administrators: the list, inviting another (through the identity
// module's one invitation path, so they set their password at /welcome) and removing one —
// never oneself, never the last. Each change is audited under no company.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, auditCallerOf } from '../../../server/audit/audit-entry';
import { withSystem } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { announceAdministratorAdded, announceAdministratorRemoved } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
// eslint-disable-next-line no-restricted-imports -- people are made one way, the identity module's (see companies.service.ts)
import { createUser } from '../../auth/server/accounts.queries';
// eslint-disable-next-line no-restricted-imports -- inviting is the identity module's one path (as the people module's directory-invite.ts)
import { inviteUser } from '../../auth/server/onboarding.service';
import { ADMINISTRATORS_ENDPOINT, InviteAdministratorInputSchema } from '../administrators.contract';
import { administratorRemovalRefusal } from '../companies.policy';
import { findAdministratorRoleId, findAdministrators, removeAdministrator } from './administrators.queries';
import { emailTaken } from './companies.queries';

const access = (method: 'GET' | 'POST' | 'DELETE') => ({ access: { endpoint: ADMINISTRATORS_ENDPOINT, method, scope: 'global' as const } });

export const administratorsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(ADMINISTRATORS_ENDPOINT, { config: access('GET') }, async () => ({ results: await withSystem(deps.db, findAdministrators) }));

  app.post(ADMINISTRATORS_ENDPOINT, { config: access('POST') }, async (request, reply) => {
    const input = parseInput(InviteAdministratorInputSchema, request.body);
    const caller = auditCallerOf(request);
    const email = input.email.toLowerCase();
    const id = await withSystem(deps.db, async (trx) => {
      if (await emailTaken(trx, email)) throw AppError.validation({ email: ['This e-mail address is already in use.'] });
      const roleId = await findAdministratorRoleId(trx);
      if (!roleId) throw new AppError('conflict', { message: 'There is no administrators’ role to give.' });
      const userId = await createUser(trx, {
        companyId: null,
        email,
        firstName: input.first_name,
        surname: input.surname,
        passwordHash: null,
        status: 'pending',
        roleId,
      });
      await announceAdministratorAdded(deps.modules, trx, { userId, actorId: caller.session.userId });
      await auditCaller(trx, caller, {
        companyId: null,
        action: 'administrator.invited',
        targetType: 'user',
        targetId: userId,
        details: { email },
      });
      return userId;
    });
    await inviteUser({
      deps,
      companyId: null,
      userId: id,
      invitedBy: { userId: caller.session.userId, companyId: null, departmentIds: [], impersonatorId: null, scope: 'global' },
      source: caller.source,
    });
    const invited = (await withSystem(deps.db, findAdministrators)).find((administrator) => administrator.id === id);
    return reply.status(201).send(invited);
  });

  app.delete(`${ADMINISTRATORS_ENDPOINT}/:id`, { config: access('DELETE') }, async (request, reply) => {
    const parsed = v.safeParse(v.object({ id: v.pipe(v.string(), v.uuid()) }), request.params);
    if (!parsed.success) throw AppError.notFound();
    const { id } = parsed.output;
    const caller = auditCallerOf(request);
    await withSystem(deps.db, async (trx) => {
      const administrators = await findAdministrators(trx);
      const target = administrators.find((administrator) => administrator.id === id);
      if (!target) throw AppError.notFound();
      const active = administrators.filter((administrator) => administrator.status === 'active').length;
      const refusal = administratorRemovalRefusal({
        actorId: caller.session.userId,
        targetId: id,
        administrators: target.status === 'active' ? active : active + 1,
      });
      if (refusal) throw new AppError('conflict', { message: refusal });
      // The modules hear of it first, while the administrator is still active: a team that
      // would be left with nobody to answer it refuses the removal (409), and it all rolls back.
      await announceAdministratorRemoved(deps.modules, trx, { userId: id, actorId: caller.session.userId });
      await removeAdministrator(trx, id);
      await auditCaller(trx, caller, {
        companyId: null,
        action: 'administrator.removed',
        targetType: 'user',
        targetId: id,
        details: { email: target.email },
      });
    });
    return reply.status(204).send();
  });
};
