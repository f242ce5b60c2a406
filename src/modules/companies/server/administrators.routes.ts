// /api/administrators for administrators: the list, inviting another (through the identity
// module's one invitation path, so they set their password at /welcome) and removing one —
// never oneself, never the last. Each change is audited under no company
// (administrators.service.ts, which the server's command line shares).
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withSystem } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { ADMINISTRATORS_ENDPOINT } from '../administrators.contract';
import { findAdministrators } from './administrators.queries';
import { deleteAdministrator, inviteAdministrator } from './administrators.service';

const access = (method: 'GET' | 'POST' | 'DELETE') => ({ access: { endpoint: ADMINISTRATORS_ENDPOINT, method, scope: 'global' as const } });

export const administratorsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(ADMINISTRATORS_ENDPOINT, { config: access('GET') }, async () => ({ results: await withSystem(deps.db, findAdministrators) }));

  app.post(ADMINISTRATORS_ENDPOINT, { config: access('POST') }, async (request, reply) => {
    const { administrator } = await inviteAdministrator({ deps, actor: auditCallerOf(request), input: request.body });
    return reply.status(201).send(administrator);
  });

  app.delete(`${ADMINISTRATORS_ENDPOINT}/:id`, { config: access('DELETE') }, async (request, reply) => {
    const parsed = v.safeParse(v.object({ id: v.pipe(v.string(), v.uuid()) }), request.params);
    if (!parsed.success) throw AppError.notFound();
    await deleteAdministrator({ deps, actor: auditCallerOf(request), id: parsed.output.id });
    return reply.status(204).send();
  });
};
