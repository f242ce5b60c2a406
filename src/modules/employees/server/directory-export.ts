// GET /api/user-export?format=csv|xlsx: exactly the rows the directory's filters give the caller
// (every page), with the directory's basic columns only. CSV through the platform's writer
// (src/server/files/csv.ts); XLSX through exceljs.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { CSV_CONTENT_TYPE, toCsv as writeCsv } from '../../../server/files/csv';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import { directoryPaths, EXPORT_COLUMNS, ExportQuerySchema, type DirectoryEntry } from '../directory.contract';
import { CompanyIdQuerySchema } from './directory-company';
import { findDirectoryRows } from './directory.queries';
import { actorOf } from '../../../server/http/person-access';

const ExportRequestSchema = v.object({ ...ExportQuerySchema.entries, ...CompanyIdQuerySchema.entries });

const STATUS_LABELS: Record<DirectoryEntry['status'], string> = {
  pending: 'Pending',
  invited: 'Invited',
  active: 'Active',
  terminated: 'Terminated',
  locked: 'Locked',
};

const date = (value: string | null) => (value ? formatCalendarDate(value, DATE_FORMATS.date) : '');

/** One row's cells, in the order of EXPORT_COLUMNS. */
export function exportCells(row: DirectoryEntry): string[] {
  return [
    row.first_name,
    row.middle_names ?? '',
    row.surname,
    row.email,
    STATUS_LABELS[row.status],
    row.job_title ?? '',
    row.department?.name ?? '',
    row.location?.name ?? '',
    date(row.start_date),
    row.tags.map((tag) => tag.name).join('; '),
    date(row.termination_date),
  ];
}

export function toCsv(rows: readonly DirectoryEntry[]): string {
  return writeCsv([EXPORT_COLUMNS, ...rows.map(exportCells)]);
}

export async function toXlsx(rows: readonly DirectoryEntry[]): Promise<Buffer> {
  // Loaded on the first export, not at every server start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stafflane';
  const sheet = workbook.addWorksheet('Employees', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  // Strings only (a cell is never read as a formula, whatever it starts with); nothing is an empty cell.
  for (const row of rows) sheet.addRow(exportCells(row).map((cell) => (cell === '' ? null : cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CONTENT_TYPES = {
  csv: CSV_CONTENT_TYPE,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const directoryExportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(directoryPaths.export, { config: { access: { endpoint: directoryPaths.export, method: 'GET' } } }, async (request, reply) => {
    const session = requireSession(request);
    if (!request.scope) throw AppError.forbidden();
    const scope = request.scope;
    const { format = 'csv', company_id: _company, ...query } = parseInput(ExportRequestSchema, request.query ?? {});
    const companyId = requireCompany(session);
    const rows = await withTenant(deps.db, companyId, async (trx) => {
      const found = await findDirectoryRows(trx, { companyId, scope, actor: actorOf(session), query });
      await auditRequest(trx, request, {
        companyId,
        action: 'user.exported',
        details: { format, filter: query, rows: found.rows.length },
      });
      return found.rows;
    });
    const body = format === 'xlsx' ? await toXlsx(rows) : toCsv(rows);
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="employees-${londonDate(new Date())}.${format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
