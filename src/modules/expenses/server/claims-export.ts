// GET /api/user-expense/export?format=csv|xlsx: one row per item of the claims the list's
// filters give the caller, money in pounds, the mileage's HMRC amount and taxable excess in
// their own columns, as numbers. CSV through the platform's writer (src/server/files/csv.ts);
// XLSX through exceljs.
import { DATE_FORMATS, formatCalendarDate, formatLondon } from '../../../shared/dates';
import { CLAIM_STATUS_LABELS, VEHICLE_LABELS, pounds } from '../expenses.contract';
import type { ExportRow } from './claims-export.queries';
import { moneyCell, sheetValue, toCsv as writeCsv, type CsvValue } from '../../../server/files/csv';
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

const CLAIM_TYPE_CELLS = { expense: 'Expense', mileage: 'Mileage', mixed: 'Expense and mileage' } as const;
const date = (value: string | null) => (value ? formatCalendarDate(value, DATE_FORMATS.date) : '');
const instant = (value: Date | null) => (value ? formatLondon(value, DATE_FORMATS.dateTime) : '');
const money = (pence: number | null) => (pence === null ? null : moneyCell(pounds(pence)));

export function exportCells(row: ExportRow): CsvValue[] {
  const approved = row.approved_pence;
  return [
    row.claim_id,
    row.person,
    row.department_name ?? '',
    CLAIM_TYPE_CELLS[row.claim_type],
    CLAIM_STATUS_LABELS[row.status],
    date(row.date),
    row.expense_type ?? '',
    row.description,
    row.supplier,
    money(row.gross_pence),
    money(row.vat_pence),
    row.vehicle ? '' : row.vat_receipt_held ? 'Yes' : 'No',
    row.miles_tenths === null ? null : row.miles_tenths / 10,
    row.vehicle ? VEHICLE_LABELS[row.vehicle] : '',
    row.vehicle ? row.passengers : null,
    money(row.hmrc_pence),
    money(approved),
    approved === null ? null : money(approved - row.taxable_pence),
    approved === null ? null : money(row.taxable_pence),
    row.calculation ?? '',
    row.receipts,
    instant(row.submitted_at),
    instant(row.decided_at),
    date(row.paid_on),
    instant(row.exported_at),
  ];
}

export function toCsv(rows: readonly ExportRow[]): string {
  return writeCsv([EXPORT_COLUMNS, ...rows.map(exportCells)]);
}

export async function toXlsx(rows: readonly ExportRow[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('Expenses', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  // Money and counts as numbers; text as strings (never a formula, whatever it starts with).
  for (const row of rows) sheet.addRow(exportCells(row).map(sheetValue));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
