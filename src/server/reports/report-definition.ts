// What a module gives the reports screen (ServerModule.reports): a report over its own data,
// run in the caller's company transaction with the caller's reach. The reports module lists,
// runs, exports and e-mails every registered report; a module that lands later registers its
// own here instead of the reports module reading tables that do not exist yet.
import type { ReportFilters, ReportResult, ReportSummary } from '../../shared/reports.contract';
import type { Trx } from '../db/database';

/** Whose data the caller may see: the whole company, or their departments' people (and their own). */
export type ReportReach = { companyWide: true } | { companyWide: false; departmentIds: string[]; userId: string };

export type ReportDefinition = ReportSummary & {
  /** The permission (GET) the report needs besides /api/absence-reports, and whose scope limits it. */
  endpoint: string;
  /** True when rows may hold special-category data: never kept in the offline cache. */
  sensitive?: boolean;
  run: (trx: Trx, input: ReportRunInput) => Promise<ReportResult>;
};

/** What a report runs with: the caller's company, the filters, the caller's reach and today. */
export type ReportRunInput = { companyId: string; filters: ReportFilters; reach: ReportReach; today: string };
