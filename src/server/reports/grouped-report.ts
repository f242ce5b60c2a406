// A report grouped by one choice of its "group by" (person, department, month, …), built the one
// way every module's report is: the chosen group's column first, then the report's own columns,
// a Total row adding up the columns that add up, and a bar chart of the first 24 groups.
import type { ReportChart, ReportColumn, ReportResult, ReportRow } from '../../shared/reports.contract';
import { sum } from './report-figures';

export type ReportGroup<G extends string> = { value: G; label: string };

/** The group the filters ask for, or the report's first. */
export function chosenGroup<G extends string>(groups: readonly [ReportGroup<G>, ...ReportGroup<G>[]], value: unknown): ReportGroup<G> {
  return groups.find((group) => group.value === value) ?? groups[0];
}

/** How many groups a chart shows: more bars than this cannot be read. */
const CHART_GROUPS = 24;

export function groupedResult(options: {
  group: { label: string };
  columns: readonly ReportColumn[];
  rows: ReportRow[];
  /** The columns whose figures add up into the Total row. */
  summed: readonly string[];
  /** Total-row cells worked out from the totals instead (a percentage of two of them). */
  derivedTotals?: (total: (key: string) => number) => ReportRow;
  series: ReportChart['series'];
}): ReportResult {
  const { rows } = options;
  const total = (key: string) => sum(rows, key);
  return {
    columns: [{ key: 'group', label: options.group.label, kind: 'text' }, ...options.columns],
    rows,
    totals: { group: 'Total', ...Object.fromEntries(options.summed.map((key) => [key, total(key)])), ...options.derivedTotals?.(total) },
    chart: { type: 'bar', index: 'group', series: options.series, data: rows.slice(0, CHART_GROUPS) },
  };
}
