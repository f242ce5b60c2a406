// The employee directory (/employees, §3 users / user-basic): the list and the basic
// record under /api/user-basic (also read as /api/users/{id}), adding people, bulk actions,
// termination, and (registered from here) exports, "Meet the team", the onboarding checklist,
// a person's audit history and the roles to choose from. Permission /api/user-basic unless
// said otherwise; lists keep to the caller's scope.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireCompany } from '../../../server/plugins/request-context';
import {
  CancelTerminationInputSchema,
  CreateEmployeeInputSchema,
  DirectoryBulkSchema,
  DirectoryQuerySchema,
  directoryPaths,
  TerminateInputSchema,
  UpdateEmployeeInputSchema,
  USER_BASIC_ENDPOINT,
} from '../directory.contract';
import { runBulkAction } from './directory-bulk';
import { CompanyIdQuerySchema } from './directory-company';
import { checkNewEmployee, createEmployee, updateEmployee } from './directory-employee';
import { inviteEmployee } from './directory-invite';
import { directoryExportRoutes } from './directory-export';
import { directoryTeamRoutes } from './directory-team.routes';
import { cancelTermination, terminateEmployee } from './directory-termination';
import { getUserBasic, findDirectoryRows } from './directory.queries';
import { actorOf, withPerson } from '../../../server/http/person-access';

/** The directory's filters (a `company_id` the client adds is accepted; the company is always the caller's). */
export const DirectoryListQuerySchema = v.object({ ...DirectoryQuerySchema.entries, ...CompanyIdQuerySchema.entries });

export const directoryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const emailChange = { config: deps.config, modules: deps.modules, wakeMail: () => deps.mail.wake() };

  const readBasic = (session: Parameters<typeof withPerson>[1]['session'], userId: string) =>
    withPerson(db, { session, userId, endpoint: USER_BASIC_ENDPOINT, method: 'GET' }, ({ trx, subject }) =>
      getUserBasic(trx, { companyId: subject.companyId, userId }),
    );

  mountResource(app, deps, {
    name: 'user-basic',
    list: {
      query: DirectoryListQuerySchema,
      // Every change to a directory row is a write that publishes (or touches users, which bumps the version itself).
      versioned: true,
      handler: async ({ session, scope, query, paging }) => {
        const companyId = requireCompany(session);
        const filter = { companyId, scope, actor: actorOf(session), query, paging };
        const { rows, count } = await withTenant(db, companyId, (trx) => findDirectoryRows(trx, filter));
        return { results: rows, count };
      },
    },
    get: { handler: ({ session, id }) => readBasic(session, id) },
    create: {
      scope: 'department',
      body: CreateEmployeeInputSchema,
      handler: async ({ request, session, scope, body }) => {
        const companyId = requireCompany(session);
        const caller = auditCallerOf(request);
        const userId = await createEmployee({ db, modules: deps.modules, caller, scope, companyId, input: body });
        if (body.send_invitation) await inviteEmployee({ deps, caller, scope, companyId, userId });
        return withTenant(db, companyId, (trx) => getUserBasic(trx, { companyId, userId }));
      },
    },
    update: {
      body: UpdateEmployeeInputSchema,
      handler: ({ request, id, body }) => updateEmployee({ db, emailChange, caller: auditCallerOf(request), userId: id, input: body }),
    },
    bulk: {
      method: 'PUT',
      scope: 'department',
      body: DirectoryBulkSchema,
      handler: ({ request, session, scope, body }) =>
        runBulkAction({ deps, caller: auditCallerOf(request), scope, companyId: requireCompany(session) }, body),
    },
    validate: {
      scope: 'department',
      body: CreateEmployeeInputSchema,
      check: ({ session, body }) => checkNewEmployee(db, requireCompany(session), body),
    },
  });

  // "GET user by id (with role, company; also for the avatar)": the same record.
  mountResource(app, deps, { name: 'users', endpoint: USER_BASIC_ENDPOINT, get: { handler: ({ session, id }) => readBasic(session, id) } });

  app.post(directoryPaths.terminate, { config: { access: { endpoint: directoryPaths.terminate, method: 'POST' } } }, async (request) =>
    terminateEmployee(db, auditCallerOf(request), parseInput(TerminateInputSchema, request.body)),
  );
  app.post(
    directoryPaths.cancelTermination,
    { config: { access: { endpoint: directoryPaths.cancelTermination, method: 'POST' } } },
    async (request) => cancelTermination(db, auditCallerOf(request), parseInput(CancelTerminationInputSchema, request.body).user_id),
  );

  await app.register(directoryExportRoutes, { deps });
  await app.register(directoryTeamRoutes, { deps });
};
