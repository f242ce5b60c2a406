// The import template: the columns the import knows by name, and one example row, as CSV
// (through the platform's writer, like every export) or an Excel workbook.
import { toCsv } from '../../../server/files/csv';
import { newWorkbook } from '../../../server/files/workbook';
import { TEMPLATE_COLUMNS } from '../people-import.contract';

export function templateCsv(): string {
  return toCsv([TEMPLATE_COLUMNS.map((column) => column.header), TEMPLATE_COLUMNS.map((column) => column.example)]);
}

export async function templateXlsx(): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('People', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({ header: column.header, width: Math.max(14, column.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  // Text cells throughout: a spreadsheet must not turn the NI number or the dates into something else.
  sheet.addRow(TEMPLATE_COLUMNS.map((column) => column.example || null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
