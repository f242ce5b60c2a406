// GET /api/user-expense/export?format=csv|xlsx: one row per item of the claims the list's
// filters give the caller, money in pounds, the mileage's HMRC amount and taxable excess in
// their own columns. CSV per RFC 4180 with a guard against formula injection; XLSX through exceljs.
import { DATE_FORMATS, formatCalendarDate, formatLondon } from '../../../shared/dates';
import { CLAIM_STATUS_LABELS, VEHICLE_LABELS, pounds } from '../expenses.contract';
import type { ExportRow } from './claims-export.queries';
import { newWorkbook } from '../../../server/files/workbook';

export const EXPORT_COLUMNS = [
  'Claim',
  'Person',
  'Department',
  'Claim type',
  'Status',
  'Item date',
  'Expense type',
  'Description',
  'Supplier',
  'Gross (£)',
  'VAT (£)',
  'VAT receipt held',
  'Miles',
  'Vehicle',
  'Passengers',
  'HMRC approved amount (£)',
  'Approved (£)',
  'Non-taxable (£)',
  'Taxable excess (£)',
  'Calculation',
  'Receipts',
  'Submitted',
  'Decided',
  'Paid on',
  'Exported',
] as const;

const date = (value: string | null) => (value ? formatCalendarDate(value, DATE_FORMATS.date) : '');
const instant = (value: Date | null) => (value ? formatLondon(value, DATE_FORMATS.dateTime) : '');
const money = (pence: number | null) => (pence === null ? '' : pounds(pence).toFixed(2));

export function exportCells(row: ExportRow): string[] {
  const approved = row.approved_pence;
  return [
    row.claim_id,
    row.person,
    row.department_name ?? '',
    row.claim_type === 'mileage' ? 'Mileage' : 'Expense',
    CLAIM_STATUS_LABELS[row.status],
    date(row.date),
    row.expense_type ?? '',
    row.description,
    row.supplier,
    money(row.gross_pence),
    money(row.vat_pence),
    row.vehicle ? '' : row.vat_receipt_held ? 'Yes' : 'No',
    row.miles_tenths === null ? '' : (row.miles_tenths / 10).toString(),
    row.vehicle ? VEHICLE_LABELS[row.vehicle] : '',
    row.vehicle ? String(row.passengers) : '',
    money(row.hmrc_pence),
    money(approved),
    approved === null ? '' : money(approved - row.taxable_pence),
    approved === null ? '' : money(row.taxable_pence),
    row.calculation ?? '',
    String(row.receipts),
    instant(row.submitted_at),
    instant(row.decided_at),
    date(row.paid_on),
    instant(row.exported_at),
  ];
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly ExportRow[]): string {
  const lines = [EXPORT_COLUMNS.map(csvCell).join(','), ...rows.map((row) => exportCells(row).map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const NUMERIC = new Set<string>([
  'Gross (£)',
  'VAT (£)',
  'Miles',
  'Passengers',
  'HMRC approved amount (£)',
  'Approved (£)',
  'Non-taxable (£)',
  'Taxable excess (£)',
  'Receipts',
]);

export async function toXlsx(rows: readonly ExportRow[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('Expenses', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // Money and counts as numbers; text as strings (never a formula, whatever it starts with).
    sheet.addRow(
      exportCells(row).map((cell, index) => (cell === '' ? null : NUMERIC.has(EXPORT_COLUMNS[index] ?? '') ? Number(cell) : cell)),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
