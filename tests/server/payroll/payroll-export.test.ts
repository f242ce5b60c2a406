// The payroll files a payroll program imports: a deduction's amount is the number -12.50 in
// both CSV layouts and the workbook, while text that a spreadsheet would run stays guarded.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PayrollLine, PayrollPerson } from '../../../src/modules/payroll/payroll.contract';
import { exportFile } from '../../../src/modules/payroll/server/payroll-export';

const line = (fields: Partial<PayrollLine>): PayrollLine => ({
  code: 'EXP',
  label: 'Expenses',
  source: 'expenses',
  hours: null,
  multiplier: null,
  payable_hours: null,
  days: null,
  qualifying_days: null,
  amount: null,
  taxable: null,
  dates: ['2029-03-07'],
  late: false,
  ...fields,
});

const ella: PayrollPerson = {
  user_id: '00000000-0000-4000-8000-000000000001',
  name: 'Ella Evans',
  surname: 'Evans',
  first_name: '=Ella',
  department: 'Operations',
  payroll_number: 'P001',
  ni_number: 'QQ123456C',
  starter_date: null,
  leaver_date: null,
  lines: [
    line({ code: 'EXPCORR', label: 'Expenses correction', amount: -12.5 }),
    line({ code: 'OT15', label: 'Overtime', hours: -1.5, multiplier: 1.5, payable_hours: -2.25, amount: -27 }),
  ],
};
const period = { start_date: '2029-03-05', end_date: '2029-03-11' };

const csvLines = (body: string | Buffer) =>
  String(body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('payroll export files', () => {
  it('writes a negative amount as -12.50 in the row-per-element CSV, not as guarded text', async () => {
    const file = await exportFile(period, [ella], 'elements', 'Acme');
    const lines = csvLines(file.body);
    expect(lines).toContain("P001,QQ123456C,Evans,'=Ella,EXPCORR,Expenses correction,,,,-12.50,07/03/2029");
    expect(lines).toContain("P001,QQ123456C,Evans,'=Ella,OT15,Overtime,-1.5,1.5,,-27.00,07/03/2029");
  });

  it('writes negative sums as numbers in the generic CSV', async () => {
    const file = await exportFile(period, [ella], 'csv', 'Acme');
    const [header, row] = csvLines(file.body);
    expect(header).toBe(
      'Payroll number,NI number,Surname,First name,Department,Start date,Leaving date,EXPCORR amount (£),OT15 hours,OT15 payable hours,OT15 amount (£)',
    );
    expect(row).toBe("P001,QQ123456C,Evans,'=Ella,Operations,,,-12.50,-1.5,-2.25,-27.00");
  });

  it('gives the workbook numbers as numbers and text as text', async () => {
    const file = await exportFile(period, [ella], 'xlsx', 'Acme');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const elements = workbook.getWorksheet('Elements')!;
    expect(elements.getRow(2).values).toEqual([
      undefined,
      'P001',
      'QQ123456C',
      'Evans',
      '=Ella',
      'EXPCORR',
      'Expenses correction',
      undefined,
      undefined,
      undefined,
      -12.5,
      '07/03/2029',
    ]);
    expect(workbook.getWorksheet('Payroll')!.getRow(2).getCell(8).value).toBe(-12.5);
  });
});
