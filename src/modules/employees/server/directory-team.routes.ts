// Around the directory: "Meet the team" (every colleague's card, for any user of the company),
// the onboarding checklist (/api/user-setup-complete/{userId}), a person's audit history
// (/api/audit-log?target_id=, company scope on user-basic) and the company's roles (/api/role).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { listResponse, pagingFrom } from '../../../shared/list';
import { companyChannel } from '../../../shared/realtime';
import {
  AuditLogQuerySchema,
  DIRECTORY_INVALIDATES,
  directoryPaths,
  MeetTheTeamQuerySchema,
  USER_BASIC_ENDPOINT,
  type SetupChecklist,
} from '../directory.contract';
import { CompanyIdQuerySchema } from './directory-company';
import {
  findPersonAuditLog,
  findRoles,
  findTeamMembers,
  getSetupFacts,
  markSetupComplete,
  type SetupFacts,
} from './directory-team.queries';
import { withPerson } from '../../../server/http/person-access';
import { auditPerson } from './person-access';

const SETUP_ENDPOINT = '/api/user-setup-complete';
export const SETUP_INCOMPLETE = 'Please complete every step first.';

const STEPS: { key: string; label: string; done: (facts: SetupFacts) => boolean }[] = [
  { key: 'personal_details', label: 'Personal details', done: (f) => f.date_of_birth },
  { key: 'contact_details', label: 'Contact details', done: (f) => f.address },
  { key: 'next_of_kin', label: 'Next of kin', done: (f) => f.next_of_kin },
  { key: 'employment', label: 'Employment details', done: (f) => f.start_date },
  { key: 'job_title', label: 'Job title', done: (f) => f.job_title },
  { key: 'working_pattern', label: 'Working pattern', done: (f) => f.working_pattern },
];

function checklistOf(userId: string, facts: SetupFacts): SetupChecklist {
  const steps = STEPS.map((step) => ({ key: step.key, label: step.label, done: step.done(facts) }));
  const completedAt = facts.setup_completed_at?.toISOString() ?? null;
  return { user_id: userId, complete: completedAt !== null, completed_at: completedAt, steps };
}

const withPaging = (query: unknown) => {
  const raw = (query ?? {}) as Record<string, unknown>;
  const { offset, limit, page, ...rest } = raw;
  return { paging: pagingFrom({ offset, limit, page }), rest };
};

/** The company a signed-in reader looks at: always their own. */
const readerCompany = (request: FastifyRequest): string => requireCompany(requireSession(request));

export const directoryTeamRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(directoryPaths.meetTheTeam, { config: { access: 'authenticated' } }, async (request) => {
    const companyId = readerCompany(request);
    const { paging, rest } = withPaging(request.query);
    const query = parseInput(v.object({ ...MeetTheTeamQuerySchema.entries, ...CompanyIdQuerySchema.entries }), rest);
    const page = await withTenant(db, companyId, (trx) =>
      findTeamMembers(trx, { companyId, search: query.search, departmentIds: query.department_id, paging }),
    );
    return listResponse(page.rows, page.count, paging);
  });

  const setupPath = `${SETUP_ENDPOINT}/:userId`;
  const userIdOf = (request: FastifyRequest) => (request.params as { userId: string }).userId;

  app.get(setupPath, { config: { access: { endpoint: SETUP_ENDPOINT, method: 'GET' } } }, async (request) => {
    const userId = userIdOf(request);
    return withPerson(
      db,
      { session: requireSession(request), userId, endpoint: SETUP_ENDPOINT, method: 'GET' },
      async ({ trx, subject }) => {
        const facts = await getSetupFacts(trx, { companyId: subject.companyId, userId });
        if (!facts) throw AppError.notFound();
        return checklistOf(userId, facts);
      },
    );
  });

  app.post(setupPath, { config: { access: { endpoint: SETUP_ENDPOINT, method: 'POST' } } }, async (request) => {
    const userId = userIdOf(request);
    return withPerson(db, { session: requireSession(request), userId, endpoint: SETUP_ENDPOINT, method: 'POST' }, async (context) => {
      const { trx, subject } = context;
      const companyId = subject.companyId;
      const facts = await getSetupFacts(trx, { companyId, userId });
      if (!facts) throw AppError.notFound();
      if (!STEPS.every((step) => step.done(facts))) throw AppError.validation({ steps: [SETUP_INCOMPLETE] }, SETUP_INCOMPLETE);
      const completedAt = await markSetupComplete(trx, { companyId, userId });
      await auditPerson(auditCallerOf(request), context, 'user.setup_completed');
      await publish(trx, {
        channel: companyChannel(companyId),
        event: 'user-setup-complete',
        invalidates: DIRECTORY_INVALIDATES.people,
        companyId,
      });
      return checklistOf(userId, { ...facts, setup_completed_at: completedAt });
    });
  });

  app.get(
    directoryPaths.auditLog,
    { config: { access: { endpoint: USER_BASIC_ENDPOINT, method: 'GET', scope: 'company' } } },
    async (request) => {
      const { paging, rest } = withPaging(request.query);
      const { target_id: userId } = parseInput(AuditLogQuerySchema, rest);
      const session = requireSession(request);
      const page = await withPerson(db, { session, userId, endpoint: USER_BASIC_ENDPOINT, method: 'GET' }, ({ trx, subject }) =>
        findPersonAuditLog(trx, { companyId: subject.companyId, userId, paging }),
      );
      return listResponse(page.rows, page.count, paging);
    },
  );

  app.get(directoryPaths.roles, { config: { access: 'authenticated' } }, async (request) => {
    const companyId = readerCompany(request);
    const roles = await withTenant(db, companyId, (trx) => findRoles(trx, companyId));
    // the list shape; every role fits on the one page.
    return listResponse(roles, roles.length, { offset: 0, limit: roles.length });
  });
};
