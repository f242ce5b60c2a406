// Reports: the catalogue a caller may open, one report's filters, its answer ({ rows, totals }
// with its columns and a chart), CSV and XLSX exports, and the monthly e-mail subscriptions.
// Each report is registered by the module that owns its data (ServerModule.reports), so a
// module that lands later adds its own.
import * as v from 'valibot';
import { isIsoDate } from './dates';
import { fieldMessages } from './validators';

export const REPORTS_ENDPOINT = '/api/absence-reports';
export const REPORT_RESOURCES = { reports: 'absence-reports', subscriptions: 'report-subscriptions' } as const;
export const reportPaths = {
  catalogue: '/api/absence-reports',
  report: (key: string) => `/api/absence-reports/${encodeURIComponent(key)}`,
  subscriptions: '/api/report-subscriptions',
  subscription: (id: string) => `/api/report-subscriptions/${encodeURIComponent(id)}`,
} as const;
export const REPORTS_ROUTE = '/reports';

export type ReportSummary = {
  key: string;
  title: string;
  description: string;
  /** Choices of "group by", first the default; empty when the report has none. */
  group_by: { value: string; label: string }[];
};
export type ReportColumn = { key: string; label: string; kind: 'text' | 'number' | 'percent' | 'date' };
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;
export type ReportChart = {
  type: 'bar' | 'line';
  /** The row key the chart's x axis reads. */
  index: string;
  series: { name: string; label: string; color: string }[];
  data: ReportRow[];
};
/** GET /api/absence-reports/{key}: JSON unless ?format=csv|xlsx asks for a file. */
export type ReportResult = { columns: ReportColumn[]; rows: ReportRow[]; totals: ReportRow; chart: ReportChart | null; note?: string };

const dateParam = v.pipe(v.string(fieldMessages.required), v.check(isIsoDate, 'This is not a valid date.'));
const uuid = v.pipe(v.string(), v.uuid('Not found.'));
/** List filters are sent as lists; a single value is wrapped into one. */
const uuidList = v.optional(
  v.pipe(
    v.union([v.array(uuid), uuid]),
    v.transform((value): string[] => (Array.isArray(value) ? value : [value])),
    v.check((value) => value.length <= 200, fieldMessages.maxLength),
  ),
  [],
);

export const ReportQuerySchema = v.pipe(
  v.object({
    from: dateParam,
    to: dateParam,
    department_id: uuidList,
    location_id: uuidList,
    user_id: uuidList,
    group_by: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,30}$/, 'Choose how to group the report.'))),
    format: v.optional(v.picklist(['json', 'csv', 'xlsx'], 'Choose CSV or XLSX.'), 'json'),
  }),
  v.forward(
    v.check(
      (q) => q.to >= q.from && Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000,
      'Choose a range of at most three years, ending on or after its start.',
    ),
    ['to'],
  ),
);
export type ReportQuery = v.InferOutput<typeof ReportQuerySchema>;
export type ReportFilters = Omit<ReportQuery, 'format'>;

export const SubscriptionInputSchema = v.object({
  report_key: v.pipe(v.string(fieldMessages.required), v.regex(/^[a-z_]{1,40}$/, 'Choose a report.')),
  group_by: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[a-z_]{1,30}$/, 'Choose how to group the report.'))), null),
  department_id: uuidList,
  recipient_ids: v.pipe(
    v.array(uuid, 'Choose who receives it.'),
    v.minLength(1, 'Choose who receives it.'),
    v.maxLength(50, fieldMessages.maxLength),
  ),
});
export type SubscriptionInput = v.InferOutput<typeof SubscriptionInputSchema>;
export type ReportSubscription = {
  id: string;
  report_key: string;
  report_title: string;
  group_by: string | null;
  department_ids: string[];
  recipients: { id: string; name: string }[];
  last_sent_month: string | null;
  created_at: string;
};
