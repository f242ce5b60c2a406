// GET /api/platform-audit for administrators: the platform's audit entries, filtered and paged,
// or (format=csv) exported as a CSV file of up to AUDIT_EXPORT_LIMIT rows.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withSystem } from '../../../server/db/database';
import { attachmentDisposition } from '../../../server/files/file-names';
import { parseInput } from '../../../server/http/validate';
import { londonDate } from '../../../shared/dates';
import { listResponse, pagingFrom } from '../../../shared/list';
import { AUDIT_EXPORT_LIMIT, PLATFORM_AUDIT_ENDPOINT, PlatformAuditQuerySchema, type PlatformAuditEntry } from '../platform-audit.contract';
import { findPlatformAudit } from './platform-audit.queries';

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ defused so no spreadsheet runs it. */
function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

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
  const lines = rows.map((row) =>
    [
      row.created_at,
      row.action,
      row.company_name,
      row.actor_name,
      row.actor_email,
      row.impersonator_name,
      row.target_type,
      row.target_id,
      row.details,
      row.ip,
    ]
      .map(cell)
      .join(','),
  );
  return [header.map(cell).join(','), ...lines].join('\r\n') + '\r\n';
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
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachmentDisposition(`stafflane-platform-audit-${londonDate(new Date())}.csv`))
          .send(auditCsv(page.results));
      }
      const paging = pagingFrom(raw);
      const page = await withSystem(deps.db, (trx) => findPlatformAudit(trx, { query, paging }));
      return listResponse(page.results, page.count, paging);
    },
  );
};
