// The one CSV writer of every export: RFC 4180 (a field holding a comma, a quote or a line break
// is quoted, its quotes doubled; CRLF line ends) in UTF-8 with a byte-order mark, so Excel reads
// £ and accented names right. Text a spreadsheet would run as a formula (starting = + - @, a tab
// or a carriage return) is prefixed with an apostrophe; numbers are written as numbers and never
// prefixed, so a refund of -12.50 reaches payroll software as -12.50.

/** A number written with a fixed count of decimals: money as 12.50, never 12.5. */
export type FixedNumber = { readonly fixed: number; readonly decimals: number };

/** A cell: text (guarded), a number, a fixed-decimal number, or nothing (an empty cell). */
export type CsvValue = string | number | FixedNumber | null | undefined;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** An amount of pounds with its pence (12.50); no amount is an empty cell. */
export const moneyCell = (pounds: number | null | undefined): FixedNumber | null =>
  pounds === null || pounds === undefined ? null : { fixed: pounds, decimals: 2 };

const FORMULA_START = /^[=+\-@\t\r]/;

function numberText(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '';
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  // A value that rounds to nothing is 0, whichever side of it it was.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'object') return numberText(value.fixed, value.decimals);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file: a row per line (an empty row is a blank line), a byte-order mark first. */
export function toCsv(rows: Iterable<readonly CsvValue[]>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The same cell in a workbook (exceljs): text stays text, numbers are numbers, nothing is empty. */
export function sheetValue(value: CsvValue): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return Number.isFinite(value.fixed) ? Number(value.fixed.toFixed(value.decimals)) : null;
  return value;
}
