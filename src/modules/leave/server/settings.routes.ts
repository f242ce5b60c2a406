// Leave and absences — policies-and-periods routes: leave types, policy templates, company
// leave settings, blocked dates, bank holidays (the rules are in leave-settings.service.ts).
// Every company user reads them; writes need the company scope of each endpoint.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { companyNamedIn } from '../../../server/http/company';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import {
  BankHolidayQuerySchema,
  BlockedDateQuerySchema,
  BlockedDatePeriodInputSchema,
  CompanyBankHolidayInputSchema,
  CompanyLeaveSettingsInputSchema,
  LeaveTypeInputSchema,
  LeaveTypeQuerySchema,
  PolicyTemplateInputSchema,
} from '../leave-settings.contract';
import { BANK_HOLIDAY_REGIONS, LEAVE_RESOURCES } from '../leave.contract';
import * as service from './leave-settings.service';
import type { LeaveCaller } from './settings-access';

const callerOf = (context: ResourceContext): LeaveCaller => ({
  db: context.db,
  session: context.session,
  source: auditSourceOf(context.request),
});
/** The company the request's query or body names, when it names one (another company's is a 404). */
const namedInQuery = (context: ResourceContext) => companyNamedIn(context.request.query);
const namedInBody = (context: ResourceContext) => companyNamedIn(context.request.body);
const page = <T>(rows: T[], paging: { offset: number; limit: number }) => ({
  results: rows.slice(paging.offset, paging.offset + paging.limit),
  count: rows.length,
});

function mountLeaveTypes(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: LEAVE_RESOURCES.leaveType,
    readAccess: 'authenticated',
    list: {
      query: LeaveTypeQuerySchema,
      handler: (context) =>
        service.listLeaveTypes(callerOf(context), {
          named: namedInQuery(context),
          includeArchived: context.query.include_archived ?? false,
          paging: context.paging,
        }),
    },
    get: { handler: (context) => service.getLeaveType(callerOf(context), context.id) },
    create: {
      body: LeaveTypeInputSchema,
      scope: 'company',
      handler: (context) => service.createLeaveType(callerOf(context), { named: namedInBody(context), values: context.body }),
    },
    update: {
      body: LeaveTypeInputSchema,
      scope: 'company',
      handler: (context) => service.updateLeaveType(callerOf(context), { id: context.id, values: context.body }),
    },
    delete: { scope: 'company', handler: (context) => service.deleteLeaveType(callerOf(context), context.id) },
  });
}

function mountPolicyTemplates(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: LEAVE_RESOURCES.policyTemplate,
    readAccess: 'authenticated',
    list: {
      query: v.object({}),
      handler: (context) => service.listTemplates(callerOf(context), { named: namedInQuery(context), paging: context.paging }),
    },
    get: { handler: (context) => service.getTemplate(callerOf(context), context.id) },
    create: {
      body: PolicyTemplateInputSchema,
      scope: 'company',
      handler: (context) => service.createTemplate(callerOf(context), { named: namedInBody(context), values: context.body }),
    },
    update: {
      body: PolicyTemplateInputSchema,
      scope: 'company',
      handler: (context) => service.updateTemplate(callerOf(context), { id: context.id, values: context.body }),
    },
    delete: { scope: 'company', handler: (context) => service.deleteTemplate(callerOf(context), context.id) },
  });
}

function mountLeaveSettingsResource(app: FastifyInstance, deps: AppDeps): void {
  const path = `/api/${LEAVE_RESOURCES.leaveSettings}`;
  const callerOfRequest = (request: FastifyRequest): LeaveCaller => ({
    db: deps.db,
    session: requireSession(request),
    source: auditSourceOf(request),
  });
  app.get(path, { config: { access: 'authenticated' } }, async (request) =>
    service.getLeaveSettings(callerOfRequest(request), companyNamedIn(request.query)),
  );
  app.put(path, { config: { access: { endpoint: path, method: 'PUT', scope: 'company' } } }, async (request) => {
    const values = parseInput(CompanyLeaveSettingsInputSchema, request.body);
    return service.saveLeaveSettings(callerOfRequest(request), { named: companyNamedIn(request.body), values });
  });
}

function mountBlockedDates(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: LEAVE_RESOURCES.blockedDates,
    readAccess: 'authenticated',
    list: {
      query: BlockedDateQuerySchema,
      handler: (context) =>
        service.listBlocked(callerOf(context), { named: namedInQuery(context), query: context.query, paging: context.paging }),
    },
    get: { handler: (context) => service.getBlocked(callerOf(context), context.id) },
    create: {
      body: BlockedDatePeriodInputSchema,
      scope: 'company',
      handler: (context) => service.createBlocked(callerOf(context), { named: namedInBody(context), values: context.body }),
    },
    update: {
      body: BlockedDatePeriodInputSchema,
      scope: 'company',
      handler: (context) => service.updateBlocked(callerOf(context), { id: context.id, values: context.body }),
    },
    delete: { scope: 'company', handler: (context) => service.deleteBlocked(callerOf(context), context.id) },
  });
}

function mountBankHolidays(app: FastifyInstance, deps: AppDeps): void {
  const regions = service.bankHolidayRegions;
  mountResource(app, deps, {
    name: LEAVE_RESOURCES.bankHolidayRegions,
    readAccess: 'authenticated',
    id: v.picklist(BANK_HOLIDAY_REGIONS),
    list: { query: v.object({}), handler: async (context) => page(regions, context.paging) },
    get: { handler: async (context) => regions.find((entry) => entry.id === context.id) },
  });

  mountResource(app, deps, {
    name: LEAVE_RESOURCES.bankHolidays,
    readAccess: 'authenticated',
    // Shipped days have ids like "scotland:2025-12-01": found (a 409 on delete), never deleted.
    id: v.pipe(v.string(), v.maxLength(40)),
    list: {
      query: BankHolidayQuerySchema,
      handler: (context) => service.listBankHolidays(callerOf(context), { query: context.query, paging: context.paging }),
    },
    create: {
      body: CompanyBankHolidayInputSchema,
      scope: 'company',
      handler: (context) => service.createBankHoliday(callerOf(context), { named: namedInBody(context), values: context.body }),
    },
    delete: { scope: 'company', handler: (context) => service.deleteBankHoliday(callerOf(context), context.id) },
  });
}

export function mountLeaveSettings(app: FastifyInstance, deps: AppDeps): void {
  mountLeaveTypes(app, deps);
  mountPolicyTemplates(app, deps);
  mountLeaveSettingsResource(app, deps);
  mountBlockedDates(app, deps);
  mountBankHolidays(app, deps);
}
