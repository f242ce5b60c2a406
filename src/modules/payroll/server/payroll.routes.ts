// Payroll data's HTTP surface: the settings, the periods, a period's review, its export
// (which locks it), its files, sending it to the payroll contact, and the contact's expiring
// link (public: the token is the secret).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { attachmentDisposition } from '../../../server/files/file-names';
import { parseInput } from '../../../server/http/validate';
import type { RouteAccess } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  DownloadQuerySchema,
  PAYROLL_ENDPOINTS,
  PayrollSettingsInputSchema,
  PeriodStartSchema,
  SendInputSchema,
} from '../payroll.contract';
import type { ExportFile } from './payroll-export';
import {
  downloadPeriod,
  exportPeriod,
  getPayrollSettings,
  getPeriod,
  listPeriods,
  savePayrollSettingsFor,
  sendPeriod,
  sharedDownload,
  type PayrollCaller,
} from './payroll.service';

const access = (endpoint: string, method: 'GET' | 'POST' | 'PUT'): { access: RouteAccess } => ({
  access: { endpoint, method, scope: 'company' },
});

function startOf(request: FastifyRequest): string {
  const result = v.safeParse(PeriodStartSchema, (request.params as { start?: unknown }).start);
  if (!result.success) throw AppError.notFound();
  return result.output;
}

const sendFile = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);

export const payrollRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const callerOf = (request: FastifyRequest): PayrollCaller => ({
    db: deps.db,
    ...auditCallerOf(request),
    mail: deps.mail,
    modules: deps.modules,
    config: deps.config,
  });
  const settings = PAYROLL_ENDPOINTS.settings;
  const period = PAYROLL_ENDPOINTS.period;

  app.get(settings, { config: access(settings, 'GET') }, async (request) => getPayrollSettings(callerOf(request)));
  app.put(settings, { config: access(settings, 'PUT') }, async (request) =>
    savePayrollSettingsFor(callerOf(request), parseInput(PayrollSettingsInputSchema, request.body)),
  );

  app.get(period, { config: access(period, 'GET') }, async (request) => {
    const results = await listPeriods(callerOf(request));
    return { results, count: results.length, next_offset: results.length };
  });
  app.get(`${period}/:start`, { config: access(period, 'GET') }, async (request) => getPeriod(callerOf(request), startOf(request)));
  app.post(`${period}/:start/export`, { config: access(period, 'POST') }, async (request) =>
    exportPeriod(callerOf(request), startOf(request)),
  );
  app.get(`${period}/:start/download`, { config: access(period, 'GET') }, async (request, reply) => {
    const { layout } = parseInput(DownloadQuerySchema, request.query ?? {});
    return sendFile(reply, await downloadPeriod(callerOf(request), startOf(request), layout));
  });
  app.post(`${period}/:start/send`, { config: access(period, 'POST') }, async (request) => {
    const { layout } = parseInput(SendInputSchema, request.body ?? {});
    return sendPeriod(callerOf(request), startOf(request), layout);
  });

  app.get('/api/payroll-data/:token', { config: { access: 'public' } }, async (request, reply) => {
    const token = (request.params as { token?: string }).token ?? '';
    return sendFile(reply, await sharedDownload(deps, token));
  });
};
