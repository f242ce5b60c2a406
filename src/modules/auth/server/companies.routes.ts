// GET /api/companies?search= for administrators (global scope): the companies they pick from.
import type { FastifyPluginAsync } from 'fastify';
import { withSystem } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { COMPANIES_ENDPOINT, CompanySearchQuerySchema } from '../companies.contract';
import { findCompanies } from './accounts.queries';
import type { IdentityDeps } from './identity-deps';

export const companyRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.get(COMPANIES_ENDPOINT, { config: { access: { endpoint: COMPANIES_ENDPOINT, method: 'GET', scope: 'global' } } }, async (request) => {
    const { search } = parseInput(CompanySearchQuerySchema, request.query ?? {});
    // Administrators have no company: their reads cross companies in the system scope.
    return withSystem(deps.db, (trx) => findCompanies(trx, search));
  });
};
