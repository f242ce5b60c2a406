// A new Excel workbook for an export. ExcelJS is loaded when the first export asks for it, not
// when the server starts: it is the heaviest package the server uses (about 0.2 s of CPU and
// tens of MiB to load), and most servers never export a spreadsheet between restarts.
import type ExcelJS from 'exceljs';

export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.creator = 'Stafflane';
  return workbook;
}
