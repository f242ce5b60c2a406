// Finding and running a registered report for a caller: the report must exist, the caller
// must hold its own endpoint (GET), and their scope on it decides whose data it covers.
import type { Trx } from '../../../server/db/database';
import type { ReportDefinition, ReportReach } from '../../../server/reports/report-definition';
import type { ServerModule } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { levelFor, type PermissionEntry } from '../../../shared/scopes';
import type { ReportFilters, ReportResult, ReportSummary } from '../../../shared/reports.contract';

/** Every registered report: the reports module's own first (the absence report opens the screen), then the others in module order. */
export const collectReports = (modules: readonly Pick<ServerModule, 'name' | 'reports'>[]): ReportDefinition[] => [
  ...modules.filter((module) => module.name === 'reports').flatMap((module) => module.reports ?? []),
  ...modules.filter((module) => module.name !== 'reports').flatMap((module) => module.reports ?? []),
];

export function reachFor(input: {
  permissions: readonly PermissionEntry[];
  endpoint: string;
  userId: string;
  departmentIds: string[];
}): ReportReach | null {
  const level = levelFor(input.permissions, input.endpoint, 'GET');
  if (level === null || level === 'own') return level === 'own' ? { companyWide: false, departmentIds: [], userId: input.userId } : null;
  if (level === 'department') return { companyWide: false, departmentIds: input.departmentIds, userId: input.userId };
  return { companyWide: true };
}

export const summaryOf = (report: ReportDefinition): ReportSummary => ({
  key: report.key,
  title: report.title,
  description: report.description,
  group_by: report.group_by,
});

export async function runReport(
  trx: Trx,
  input: {
    reports: readonly ReportDefinition[];
    key: string;
    companyId: string;
    filters: ReportFilters;
    caller: { permissions: readonly PermissionEntry[]; userId: string; departmentIds: string[] };
    today: string;
  },
): Promise<{ report: ReportDefinition; result: ReportResult }> {
  const report = input.reports.find((r) => r.key === input.key);
  if (!report) throw AppError.notFound();
  const reach = reachFor({ ...input.caller, endpoint: report.endpoint });
  if (!reach) throw AppError.forbidden();
  if (report.group_by.length && input.filters.group_by && !report.group_by.some((g) => g.value === input.filters.group_by)) {
    throw AppError.validation({ group_by: ['Choose how to group the report.'] });
  }
  return { report, result: await report.run(trx, { companyId: input.companyId, filters: input.filters, reach, today: input.today }) };
}
