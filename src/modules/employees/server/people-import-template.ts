// The import template: the columns the import knows by name, and one example row, as CSV
// (RFC 4180 with a byte-order mark, like the directory's export) or an Excel workbook.
import { newWorkbook } from '../../../server/files/workbook';
import { TEMPLATE_COLUMNS } from '../people-import.contract';
import { csvCell } from './directory-export';

export function templateCsv(): string {
  const header = TEMPLATE_COLUMNS.map((column) => csvCell(column.header)).join(',');
  const example = TEMPLATE_COLUMNS.map((column) => csvCell(column.example)).join(',');
  return `\uFEFF${header}\r\n${example}\r\n`;
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
