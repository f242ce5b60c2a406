// /api/companies for administrators (global scope: no company role holds it): the list with
// search, filters, sort and paging; one company; a new company with its owner invited; the
// fields administrators change, the status among them. /api/company-setup is a company's own
// first-run checklist; /api/user-access/{id} a person's own access, for their company.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withSystem, withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { listResponse, pagingFrom } from '../../../shared/list';
import {
  COMPANIES_ENDPOINT,
  companyPaths,
  CreateCompanyInputSchema,
  FindCompaniesQuerySchema,
  UpdateCompanyInputSchema,
} from '../companies.contract';
import { SETUP_STEPS, setupProgress, type SetupStep } from '../companies.policy';
import { COMPANY_SETUP_ENDPOINT, UpdateUserAccessInputSchema, USER_ACCESS_ENDPOINT, type SetupChecklist } from '../setup.contract';
import { findCompanyPage, findCompanyRow } from './companies.queries';
import { createCompanyWithOwner, updateCompany } from './companies.service';
import { findSetupCounts } from './setup.queries';
import { changePersonAccess } from './user-access.service';

const IdParams = v.object({ id: v.pipe(v.string(), v.uuid('Not found.')) });
const parseId = (params: unknown) => {
  const parsed = v.safeParse(IdParams, params);
  if (!parsed.success) throw AppError.notFound();
  return parsed.output.id;
};
const admin = (method: 'GET' | 'POST' | 'PUT') => ({ access: { endpoint: COMPANIES_ENDPOINT, method, scope: 'global' as const } });

export const companiesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(companyPaths.companies, { config: admin('GET') }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const paging = pagingFrom(raw);
    const { offset: _offset, limit: _limit, page: _page, ...filters } = raw;
    const query = parseInput(FindCompaniesQuerySchema, filters);
    const page = await withSystem(db, (trx) => findCompanyPage(trx, { query, paging }));
    return listResponse(page.results, page.count, paging);
  });

  app.get(`${COMPANIES_ENDPOINT}/:id`, { config: admin('GET') }, async (request) => {
    const id = parseId(request.params);
    const row = await withSystem(db, (trx) => findCompanyRow(trx, id));
    if (!row) throw AppError.notFound();
    return row;
  });

  app.post(companyPaths.companies, { config: admin('POST') }, async (request, reply) => {
    const input = parseInput(CreateCompanyInputSchema, request.body);
    const created = await createCompanyWithOwner({ deps, caller: auditCallerOf(request), input });
    return reply.status(201).send(created);
  });

  app.put(`${COMPANIES_ENDPOINT}/:id`, { config: admin('PUT') }, async (request) => {
    const id = parseId(request.params);
    const input = parseInput(UpdateCompanyInputSchema, request.body ?? {});
    return updateCompany({ deps, caller: auditCallerOf(request), id, input });
  });

  app.get(
    COMPANY_SETUP_ENDPOINT,
    { config: { access: { endpoint: COMPANY_SETUP_ENDPOINT, method: 'GET', scope: 'company' } } },
    async (request) => {
      const companyId = requireCompany(requireSession(request));
      const progress = await withTenant(db, companyId, async (trx) => {
        const answered: Partial<Record<SetupStep, boolean>> = {};
        for (const key of SETUP_STEPS) {
          const answer = deps.modules.find((module) => module.firstRunSteps?.[key])?.firstRunSteps?.[key];
          if (answer) answered[key] = await answer(trx, companyId);
        }
        return setupProgress(await findSetupCounts(trx, companyId), answered);
      });
      const steps = SETUP_STEPS.flatMap((key) => (progress[key] === undefined ? [] : [{ key, done: progress[key] }]));
      const checklist: SetupChecklist = { complete: steps.every((step) => step.done), steps };
      return checklist;
    },
  );

  app.put(
    `${USER_ACCESS_ENDPOINT}/:id`,
    { config: { access: { endpoint: USER_ACCESS_ENDPOINT, method: 'PUT', scope: 'company' } } },
    async (request) => {
      const userId = parseId(request.params);
      const input = parseInput(UpdateUserAccessInputSchema, request.body ?? {});
      return changePersonAccess({ deps, caller: auditCallerOf(request), userId, input });
    },
  );
};
