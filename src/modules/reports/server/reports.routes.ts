// Reports: GET /api/absence-reports lists the reports the caller may open; GET
// /api/absence-reports/{key} runs one ({ rows, totals } with columns and chart as JSON, or
// ?format=csv|xlsx as a file); the monthly e-mail subscriptions are managed under
// /api/report-subscriptions by those who may change reports (company scope).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf, auditCaller, auditRequest } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import {
  REPORT_RESOURCES,
  REPORTS_ENDPOINT,
  ReportQuerySchema,
  SubscriptionInputSchema,
  type ReportSubscription,
} from '../../../shared/reports.contract';
import { EXPORT_TYPES, reportCsv, reportXlsx } from './report-export';
import { collectReports, reachFor, runReport, summaryOf } from './reports.service';
import { deleteSubscription, findEligibleRecipients, findSubscriptions, insertSubscription } from './subscriptions.queries';

const access = (method: 'GET' | 'POST' | 'DELETE', scope?: 'company') => ({
  config: { access: { endpoint: REPORTS_ENDPOINT, method, ...(scope ? { scope } : {}) } },
});

const callerOf = (request: FastifyRequest) => {
  const session = requireSession(request);
  return {
    session,
    companyId: requireCompany(session),
    caller: { permissions: session.permissions, userId: session.userId, departmentIds: session.departmentIds },
  };
};

/** A subscription made or removed goes into the audit log and to the company's open screens. */
async function subscriptionChanged(
  trx: Trx,
  request: FastifyRequest,
  input: { companyId: string; id: string; change: 'created' | 'deleted' },
) {
  const action = `report_subscription.${input.change}`;
  await auditCaller(trx, auditCallerOf(request), {
    companyId: input.companyId,
    action,
    targetType: 'report_subscription',
    targetId: input.id,
  });
  await publish(trx, {
    channel: companyChannel(input.companyId),
    event: action,
    invalidates: [REPORT_RESOURCES.subscriptions],
    companyId: input.companyId,
  });
}

export const reportsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const reports = collectReports(deps.modules);

  app.get(REPORTS_ENDPOINT, access('GET'), async (request) => {
    const { caller } = callerOf(request);
    return { results: reports.filter((report) => reachFor({ ...caller, endpoint: report.endpoint }) !== null).map(summaryOf) };
  });

  app.get(`${REPORTS_ENDPOINT}/:key`, access('GET'), async (request, reply) => {
    const { companyId, caller } = callerOf(request);
    const { key } = request.params as { key: string };
    if (!/^[a-z_]{1,40}$/.test(key)) throw AppError.notFound();
    const { format, ...filters } = parseInput(ReportQuerySchema, request.query ?? {});
    const { report, result } = await withTenant(deps.db, companyId, async (trx) => {
      const found = await runReport(trx, { reports, key, companyId, filters, caller, today: londonDate(new Date()) });
      if (format !== 'json') {
        await auditRequest(trx, request, {
          companyId,
          action: 'report.exported',
          details: { report: key, format, filters, rows: found.result.rows.length },
        });
      }
      return found;
    });
    if (format === 'json') return result;
    const body = format === 'xlsx' ? await reportXlsx(result, report.title) : reportCsv(result);
    return reply
      .header('content-type', EXPORT_TYPES[format])
      .header('content-disposition', `attachment; filename="${report.key}-report-${filters.from}-to-${filters.to}.${format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/api/report-subscriptions', access('GET', 'company'), async (request): Promise<{ results: ReportSubscription[] }> => {
    const { companyId } = callerOf(request);
    const rows = await withTenant(deps.db, companyId, (trx) => findSubscriptions(trx, companyId));
    return {
      results: rows.map((row) => ({
        id: row.id,
        report_key: row.report_key,
        report_title: reports.find((r) => r.key === row.report_key)?.title ?? row.report_key,
        group_by: row.group_by,
        department_ids: row.department_ids,
        recipients: row.recipients,
        last_sent_month: row.last_sent_month,
        created_at: row.created_at.toISOString(),
      })),
    };
  });

  app.post('/api/report-subscriptions', access('POST', 'company'), async (request, reply) => {
    const { session, companyId } = callerOf(request);
    const input = parseInput(SubscriptionInputSchema, request.body ?? {});
    const report = reports.find((r) => r.key === input.report_key);
    if (!report) throw AppError.validation({ report_key: ['Choose a report.'] });
    if (input.group_by && !report.group_by.some((g) => g.value === input.group_by))
      throw AppError.validation({ group_by: ['Choose how to group the report.'] });
    const id = await withTenant(deps.db, companyId, async (trx) => {
      const eligible = await findEligibleRecipients(trx, { companyId, userIds: [...new Set(input.recipient_ids)] });
      if (eligible.length !== new Set(input.recipient_ids).size)
        throw AppError.validation({ recipient_ids: ['Choose people who may see reports.'] });
      const created = await insertSubscription(trx, {
        companyId,
        reportKey: report.key,
        groupBy: input.group_by,
        departmentIds: input.department_id,
        recipientIds: eligible,
        createdBy: session.userId,
        month: londonDate(new Date()).slice(0, 7),
      });
      await subscriptionChanged(trx, request, { companyId, id: created, change: 'created' });
      return created;
    });
    return reply.code(201).send({ id });
  });

  app.delete('/api/report-subscriptions/:id', access('DELETE', 'company'), async (request, reply) => {
    const { companyId } = callerOf(request);
    const { id } = request.params as { id: string };
    if (!v.is(v.pipe(v.string(), v.uuid()), id)) throw AppError.notFound();
    await withTenant(deps.db, companyId, async (trx) => {
      if (!(await deleteSubscription(trx, { companyId, id }))) throw AppError.notFound();
      await subscriptionChanged(trx, request, { companyId, id: id, change: 'deleted' });
    });
    return reply.code(204).send();
  });
};
