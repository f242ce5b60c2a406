// A report as a file: CSV through the platform's writer (src/server/files/csv.ts) or XLSX
// through exceljs; columns as the screen shows them, numbers as numbers, the totals row last.
import type { ReportResult } from '../../../shared/reports.contract';
import { CSV_CONTENT_TYPE, sheetValue, toCsv } from '../../../server/files/csv';
import { newWorkbook } from '../../../server/files/workbook';

const lines = (report: ReportResult) => [
  ...report.rows.map((row) => report.columns.map((column) => row[column.key] ?? null)),
  report.columns.map((column) => report.totals[column.key] ?? null),
];

export function reportCsv(report: ReportResult): string {
  return toCsv([report.columns.map((column) => column.label), ...lines(report)]);
}

export async function reportXlsx(report: ReportResult, title: string): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = report.columns.map((column) => ({ header: column.label, width: Math.max(12, column.label.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  // Text stays text (never a formula, whatever it starts with); numbers stay numbers.
  for (const cells of lines(report)) sheet.addRow(cells.map(sheetValue));
  sheet.lastRow!.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const EXPORT_TYPES = {
  csv: CSV_CONTENT_TYPE,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
