// A report as a file: CSV (RFC 4180, UTF-8 with a byte-order mark, cells that a spreadsheet
// would run as a formula prefixed with ') or XLSX through exceljs; columns as the screen shows
// them, the totals row last.
import type { ReportCell, ReportResult } from '../reports.contract';
import { newWorkbook } from '../../../server/files/workbook';

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: ReportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const lines = (report: ReportResult) => [
  ...report.rows.map((row) => report.columns.map((column) => row[column.key] ?? null)),
  report.columns.map((column) => report.totals[column.key] ?? null),
];

export function reportCsv(report: ReportResult): string {
  const header = report.columns.map((column) => csvCell(column.label)).join(',');
  return `\uFEFF${[header, ...lines(report).map((cells) => cells.map(csvCell).join(','))].join('\r\n')}\r\n`;
}

export async function reportXlsx(report: ReportResult, title: string): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = report.columns.map((column) => ({ header: column.label, width: Math.max(12, column.label.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  // Text stays text (never a formula, whatever it starts with); numbers stay numbers.
  for (const cells of lines(report)) sheet.addRow(cells.map((cell) => (cell === '' ? null : cell)));
  sheet.lastRow!.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
