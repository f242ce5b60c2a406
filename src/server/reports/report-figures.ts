// The arithmetic every report shares: rounding for display and a column's total.
import type { ReportRow } from '../../shared/reports.contract';

export const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/** The total of a numeric column (other cells count as nothing), to two places. */
export const sum = (rows: readonly ReportRow[], key: string) =>
  round(
    rows.reduce((total, row) => total + (typeof row[key] === 'number' ? (row[key] as number) : 0), 0),
    2,
  );
