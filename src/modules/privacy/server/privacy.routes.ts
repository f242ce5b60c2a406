// The privacy module's API: subject access exports (/api/personal-data-exports: list, ask,
// watch, download) and the company's data-protection pages (/api/data-protection: settings,
// the next retention run's preview, the special-category register and its CSV).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { sendFile } from '../../../server/files/downloads';
import { attachmentDisposition } from '../../../server/files/file-names';
import { collectPersonalData } from '../../../server/personal-data';
import { parseInput } from '../../../server/http/validate';
import { AppError } from '../../../shared/app-error';
import {
  DATA_PROTECTION_ENDPOINT,
  ExportListQuerySchema,
  ExportRequestSchema,
  PERSONAL_DATA_EXPORTS_ENDPOINT,
  PrivacySettingsInputSchema,
  RegisterQuerySchema,
  privacyPaths,
} from '../privacy.contract';
import { exportById, exportDownload, exportsOf, requestExport, type PrivacyCaller } from './exports.service';
import { EXPORT_JOB } from './privacy.jobs';
import {
  nextRunPreview,
  privacySettings,
  registerCsv,
  specialCategoryRegister,
  updatePrivacySettings,
  type SettingsCaller,
} from './privacy-settings.service';

const IdSchema = v.pipe(v.string(), v.uuid());

export const privacyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const callerOf = (request: FastifyRequest): PrivacyCaller => ({ db: deps.db, ...auditCallerOf(request) });
  const settingsCallerOf = (request: FastifyRequest): SettingsCaller => ({ ...callerOf(request), modules: deps.modules });
  const idOf = (request: FastifyRequest) => {
    const parsed = v.safeParse(IdSchema, (request.params as { id?: unknown }).id);
    if (!parsed.success) throw AppError.notFound();
    return parsed.output;
  };
  const exportsAccess = (method: 'GET' | 'POST') => ({ config: { access: { endpoint: PERSONAL_DATA_EXPORTS_ENDPOINT, method } } });
  const settingsAccess = (method: 'GET' | 'PUT') => ({
    config: { access: { endpoint: DATA_PROTECTION_ENDPOINT, method, scope: 'company' as const } },
  });

  app.get(privacyPaths.exports, exportsAccess('GET'), (request) =>
    exportsOf(callerOf(request), parseInput(ExportListQuerySchema, request.query ?? {})),
  );
  app.post(privacyPaths.exports, exportsAccess('POST'), async (request, reply) => {
    const created = await requestExport(callerOf(request), parseInput(ExportRequestSchema, request.body));
    // This server's job runner starts on it now; without one, the job's schedule does within a minute.
    await deps.sendJob?.(EXPORT_JOB).catch((error: unknown) => request.log.warn({ err: error }, 'The export job could not be queued now'));
    return reply.code(201).send(created);
  });
  app.get(`${PERSONAL_DATA_EXPORTS_ENDPOINT}/:id`, exportsAccess('GET'), (request) => exportById(callerOf(request), idOf(request)));
  app.get(`${PERSONAL_DATA_EXPORTS_ENDPOINT}/:id/download`, exportsAccess('GET'), async (request, reply) =>
    sendFile(reply, await exportDownload(callerOf(request), idOf(request))),
  );

  app.get(privacyPaths.settings, settingsAccess('GET'), (request) => privacySettings(callerOf(request)));
  app.put(privacyPaths.settings, settingsAccess('PUT'), (request) =>
    updatePrivacySettings(callerOf(request), parseInput(PrivacySettingsInputSchema, request.body)),
  );
  app.get(privacyPaths.retentionPreview, settingsAccess('GET'), (request) => nextRunPreview(settingsCallerOf(request)));
  app.get(privacyPaths.register, settingsAccess('GET'), (request) =>
    specialCategoryRegister(settingsCallerOf(request), parseInput(RegisterQuerySchema, request.query ?? {})),
  );
  app.get(privacyPaths.registerCsv, settingsAccess('GET'), async (request, reply) => {
    const register = await specialCategoryRegister(settingsCallerOf(request), parseInput(RegisterQuerySchema, request.query ?? {}));
    const tables = new Map(collectPersonalData(deps.modules).map((table) => [table.table, table]));
    const csv = registerCsv(register, (location) => [...(tables.get(location.table)?.category?.endpoints ?? [])]);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(`special-category-register-${register.from}-${register.to}.csv`))
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
};
