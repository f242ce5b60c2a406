// A report's table built from its columns, each declared once: what fills it from a found record,
// whether the Total row adds it up (or works it out from the other totals), and whether the chart
// draws it. The first column names what a row is and reads "Total" (or what the report says) in
// the Total row.
import type { ReportCell, ReportChart, ReportColumn, ReportResult, ReportRow } from '../../shared/reports.contract';
import { sum } from './report-figures';

export type ReportFigure<T> = Omit<ReportColumn, 'kind'> & {
  /** A number unless said otherwise. */
  kind?: ReportColumn['kind'];
  value: (found: T) => ReportCell;
  /**
   * The column's sum in the Total row, or a figure worked out from the sums (a percentage of two
   * of them) or from the records themselves (the last month's headcount).
   */
  total?: 'sum' | ((total: (key: string) => number, found: readonly T[]) => ReportCell);
  /** The chart draws the column as a series in this colour (under a shorter label where one is given). */
  chart?: string | { color: string; label: string };
};

export function tableResult<T>(options: {
  columns: readonly [ReportFigure<T>, ...ReportFigure<T>[]];
  found: readonly T[];
  /** What the first column reads in the Total row: "Total" unless said otherwise. */
  totalLabel?: (rows: readonly ReportRow[]) => string;
  /** A line under the table (the trigger points and dates a figure was worked from). */
  note?: string;
  chart?: {
    /** A bar chart unless said otherwise (a line over months). */
    type?: ReportChart['type'];
    /** How many rows the chart shows at the most: more bars than that cannot be read. */
    rows?: number;
    /** No chart at all when there are no rows, rather than an empty one. */
    noneWhenEmpty?: boolean;
  };
}): ReportResult {
  const { columns, found } = options;
  const [first, ...figures] = columns;
  const rows: ReportRow[] = found.map((record) => Object.fromEntries(columns.map((column) => [column.key, column.value(record)])));
  const total = (key: string) => sum(rows, key);
  const totals: ReportRow = { [first.key]: options.totalLabel?.(rows) ?? 'Total' };
  for (const { key, total: way } of figures) if (way) totals[key] = way === 'sum' ? total(key) : way(total, found);
  const series: ReportChart['series'] = figures.flatMap(({ key, label, chart }) =>
    chart === undefined
      ? []
      : [typeof chart === 'string' ? { name: key, label, color: chart } : { name: key, label: chart.label, color: chart.color }],
  );
  return {
    columns: columns.map(({ key, label, kind }) => ({ key, label, kind: kind ?? 'number' })),
    rows,
    totals,
    chart:
      options.chart?.noneWhenEmpty && rows.length === 0
        ? null
        : { type: options.chart?.type ?? 'bar', index: first.key, series, data: rows.slice(0, options.chart?.rows ?? rows.length) },
    ...(options.note === undefined ? {} : { note: options.note }),
  };
}
