// Overtime's HTTP surface: the reports (list, detail, report), the decisions (approve and
// decline need /api/approve-overtime; cancel is the reporter's), the person's allowance for
// the report form, the company's overtime settings, and the approver's pending count.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { recordActions } from '../../../server/http/record-actions';
import { parseInput } from '../../../server/http/validate';
import type { PendingCounter } from '../../../server/pending-count/pending-count.registry';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { listResponse, pagingFrom } from '../../../shared/list';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import {
  ApproveOvertimeInputSchema,
  CancelOvertimeInputSchema,
  DeclineOvertimeInputSchema,
  OVERTIME_ENDPOINTS,
  OVERTIME_RESOURCES,
  OvertimeListQuerySchema,
  OvertimeSettingsInputSchema,
  ReportOvertimeInputSchema,
  type OvertimeAction,
  type OvertimeReport,
} from '../overtime.contract';
import { approverOf, type ChainReader } from '../../../server/approvals/approval-chain';
import { countReportedFor, findAllowancePeople, findReportPage, findReportView, mayRead } from './overtime.queries';
import { OVERTIME_APPROVALS } from './overtime.approvals';
import { approveOvertime, cancelOvertime, declineOvertime, reportOvertime, type OvertimeCaller } from './overtime.service';
import { getAllowance, getOvertimeSettings, saveOvertimeSettings } from './overtime-settings.service';
import { toReport } from './overtime-view';

const PeopleQuerySchema = v.object({ search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))) });
const AllowanceQuerySchema = v.object({
  user_id: v.optional(
    v.pipe(
      v.string(),
      v.check((value: string) => isUuid(value), 'Unknown item.'),
    ),
  ),
});

function mountOvertime(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const callerOf = (request: FastifyRequest): OvertimeCaller => ({ db, ...auditCallerOf(request), mail: deps.mail, modules: deps.modules });
  const readerOf = (request: FastifyRequest, companyId: string): ChainReader => {
    const session = requireSession(request);
    return { userId: session.userId, companyId, departmentIds: session.departmentIds, level: request.scope ?? 'own' };
  };

  mountResource(app, deps, {
    name: OVERTIME_RESOURCES.overtime,
    list: {
      query: OvertimeListQuerySchema,
      handler: async ({ request, session, query, paging }) => {
        const companyId = session.companyId;
        if (!companyId) return { results: [], count: 0 };
        return withTenant(db, companyId, async (trx) => {
          const page = await findReportPage(trx, {
            companyId,
            reader: readerOf(request, companyId),
            approver: approverOf(OVERTIME_APPROVALS, session),
            query,
            paging,
          });
          return { results: page.rows.map((row) => toReport(row, session)), count: page.count };
        });
      },
    },
    get: {
      handler: async ({ request, session, id }): Promise<OvertimeReport | undefined> => {
        const companyId = session.companyId;
        if (!companyId) return undefined;
        return withTenant(db, companyId, async (trx) => {
          const row = await findReportView(trx, { companyId, id, approver: approverOf(OVERTIME_APPROVALS, session) });
          if (!row) return undefined;
          if (!row.approvable && !(await mayRead(trx, row.user_id, readerOf(request, companyId)))) throw AppError.forbidden();
          return toReport(row, session);
        });
      },
    },
    create: { body: ReportOvertimeInputSchema, handler: ({ request, body }) => reportOvertime(callerOf(request), body) },
  });

  const action = recordActions<OvertimeCaller, OvertimeReport, OvertimeAction>(app, {
    path: `/api/${OVERTIME_RESOURCES.overtime}`,
    callerOf,
    access: { endpoint: OVERTIME_ENDPOINTS.approve, method: 'PUT' },
    reasonActions: ['decline'],
  });
  action('approve', ApproveOvertimeInputSchema, approveOvertime);
  action('decline', DeclineOvertimeInputSchema, declineOvertime);
  action('cancel', CancelOvertimeInputSchema, (caller, id) => cancelOvertime(caller, id), {
    endpoint: OVERTIME_ENDPOINTS.report,
    method: 'POST',
  });

  app.get('/api/overtime-allowance', { config: { access: { endpoint: OVERTIME_ENDPOINTS.report, method: 'POST' } } }, async (request) => {
    const query = parseInput(AllowanceQuerySchema, request.query ?? {});
    return getAllowance(callerOf(request), query.user_id);
  });
  // Who may report overtime, for the settings page (changed through PUT /api/user-settings/{id}).
  app.get(
    '/api/overtime-people',
    { config: { access: { endpoint: OVERTIME_ENDPOINTS.settings, method: 'GET', scope: 'company' } } },
    async (request) => {
      const companyId = requireCompany(requireSession(request));
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const paging = pagingFrom(raw);
      const { search } = parseInput(PeopleQuerySchema, { search: raw.search });
      const page = await withTenant(db, companyId, (trx) => findAllowancePeople(trx, { companyId, search, paging }));
      return listResponse(page.rows, page.count, paging);
    },
  );
  app.get(
    OVERTIME_ENDPOINTS.settings,
    { config: { access: { endpoint: OVERTIME_ENDPOINTS.settings, method: 'GET', scope: 'company' } } },
    async (request) => getOvertimeSettings(callerOf(request)),
  );
  app.put(
    OVERTIME_ENDPOINTS.settings,
    { config: { access: { endpoint: OVERTIME_ENDPOINTS.settings, method: 'PUT', scope: 'company' } } },
    async (request) => saveOvertimeSettings(callerOf(request), parseInput(OvertimeSettingsInputSchema, request.body)),
  );
}

export const overtimeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountOvertime(app, deps);
};

/** Overtime waiting for the caller's decision. */
export const countOvertimeAwaitingMe: PendingCounter = async ({ trx, session }) =>
  session.companyId ? countReportedFor(trx, { companyId: session.companyId, approver: approverOf(OVERTIME_APPROVALS, session) }) : 0;
