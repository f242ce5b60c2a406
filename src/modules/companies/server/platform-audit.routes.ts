// GET /api/platform-audit for administrators: the platform's audit entries, filtered and paged,
// or (format=csv) exported as a CSV file of up to AUDIT_EXPORT_LIMIT rows.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withSystem } from '../../../server/db/database';
import { CSV_CONTENT_TYPE, toCsv } from '../../../server/files/csv';
import { attachmentDisposition } from '../../../server/files/file-names';
import { parseInput } from '../../../server/http/validate';
import { londonDate } from '../../../shared/dates';
import { listResponse, pagingFrom } from '../../../shared/list';
import { AUDIT_EXPORT_LIMIT, PLATFORM_AUDIT_ENDPOINT, PlatformAuditQuerySchema, type PlatformAuditEntry } from '../platform-audit.contract';
import { findPlatformAudit } from './platform-audit.queries';

export function auditCsv(rows: readonly PlatformAuditEntry[]): string {
  const header = [
    'When (UTC)',
    'Action',
    'Company',
    'By',
    'By (e-mail)',
    'Impersonating administrator',
    'Target',
    'Target id',
    'Details',
    'IP',
  ];
  return toCsv([
    header,
    ...rows.map((row) => [
      row.created_at,
      row.action,
      row.company_name,
      row.actor_name,
      row.actor_email,
      row.impersonator_name,
      row.target_type,
      row.target_id,
      row.details === null ? null : JSON.stringify(row.details),
      row.ip,
    ]),
  ]);
}

export const platformAuditRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    PLATFORM_AUDIT_ENDPOINT,
    { config: { access: { endpoint: PLATFORM_AUDIT_ENDPOINT, method: 'GET', scope: 'global' } } },
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const { offset: _offset, limit: _limit, page: _page, ...filters } = raw;
      const query = parseInput(PlatformAuditQuerySchema, filters);
      if (query.format === 'csv') {
        const page = await withSystem(deps.db, (trx) =>
          findPlatformAudit(trx, { query, paging: { offset: 0, limit: AUDIT_EXPORT_LIMIT } }),
        );
        return reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', attachmentDisposition(`stafflane-platform-audit-${londonDate(new Date())}.csv`))
          .send(auditCsv(page.results));
      }
      const paging = pagingFrom(raw);
      const page = await withSystem(deps.db, (trx) => findPlatformAudit(trx, { query, paging }));
      return listResponse(page.results, page.count, paging);
    },
  );
};
