// A pay period's payroll data as files: a generic CSV and an XLSX workbook with one row per
// person and a group of columns per element, and the row-per-element CSV UK payroll software
// imports (payroll number, NI number, element code, hours, days, amount). Amounts, hours and
// days are numbers in both (a deduction is -12.50, never text); CSV through the platform's
// writer (src/server/files/csv.ts); dates dd/mm/yyyy.
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { ExportLayout, PayrollLine, PayrollPerson } from '../payroll.contract';
import type { PayPeriod } from '../pay-periods';
import { CSV_CONTENT_TYPE, moneyCell, sheetValue, toCsv, type CsvValue } from '../../../server/files/csv';
import { newWorkbook } from '../../../server/files/workbook';
import type ExcelJS from 'exceljs';

/** A sheet's column titles and its rows. */
type Table = { header: string[]; rows: CsvValue[][] };

const shown = (date: string | null) => (date ? formatCalendarDate(date, DATE_FORMATS.date) : '');

type Measure = { header: string; of: (line: PayrollLine) => number | null; money?: true };
const MEASURES: Measure[] = [
  { header: 'hours', of: (line) => line.hours },
  { header: 'payable hours', of: (line) => line.payable_hours },
  { header: 'days', of: (line) => line.days },
  { header: 'qualifying days', of: (line) => line.qualifying_days },
  { header: 'amount (£)', of: (line) => line.amount, money: true },
];
const PERSON_HEADERS = ['Payroll number', 'NI number', 'Surname', 'First name', 'Department', 'Start date', 'Leaving date'];
const personCells = (person: PayrollPerson): CsvValue[] => [
  person.payroll_number ?? '',
  person.ni_number ?? '',
  person.surname,
  person.first_name,
  person.department ?? '',
  shown(person.starter_date),
  shown(person.leaver_date),
];

/** One row per person: for each element code met in the period, the measures it has anywhere. */
export function wideRows(people: readonly PayrollPerson[]): Table {
  const codes = [
    ...new Set(
      people.flatMap((person) => person.lines.filter((l) => l.code !== 'STARTER' && l.code !== 'LEAVER').map((line) => line.code)),
    ),
  ].sort();
  const columns = codes.flatMap((code) =>
    MEASURES.filter((measure) => people.some((person) => person.lines.some((line) => line.code === code && measure.of(line) !== null))).map(
      (measure) => ({ code, measure }),
    ),
  );
  const sum = (lines: PayrollLine[], measure: Measure): CsvValue => {
    const values = lines.map((line) => measure.of(line)).filter((value) => value !== null);
    if (values.length === 0) return null;
    const total = Math.round(values.reduce((acc, value) => acc + value, 0) * 100) / 100;
    return measure.money ? moneyCell(total) : total;
  };
  return {
    header: [...PERSON_HEADERS, ...columns.map(({ code, measure }) => `${code} ${measure.header}`)],
    rows: people.map((person) => [
      ...personCells(person),
      ...columns.map(({ code, measure }) =>
        sum(
          person.lines.filter((line) => line.code === code),
          measure,
        ),
      ),
    ]),
  };
}

/** One row per person and element: what payroll software imports as payments and deductions. */
export function elementRows(people: readonly PayrollPerson[]): Table {
  const header = [
    'Payroll Number',
    'NI Number',
    'Surname',
    'Forename',
    'Element Code',
    'Description',
    'Hours',
    'Rate Multiplier',
    'Days',
    'Amount',
    'Date',
  ];
  const rows: CsvValue[][] = [];
  for (const person of people) {
    for (const line of person.lines) {
      rows.push([
        person.payroll_number ?? '',
        person.ni_number ?? '',
        person.surname,
        person.first_name,
        line.code,
        line.label,
        line.hours,
        line.multiplier,
        line.code === 'SICK' ? line.qualifying_days : line.days,
        moneyCell(line.amount),
        line.dates.length === 1 ? shown(line.dates[0] ?? null) : '',
      ]);
    }
  }
  return { header, rows };
}

const csvOf = (table: Table) => toCsv([table.header, ...table.rows]);

function addTable(sheet: ExcelJS.Worksheet, table: Table): void {
  sheet.columns = table.header.map((title) => ({ header: title, width: Math.max(12, title.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map(sheetValue));
}

export type ExportFile = { body: string | Buffer; contentType: string; fileName: string };

export async function exportFile(
  period: PayPeriod,
  people: readonly PayrollPerson[],
  layout: ExportLayout,
  companyName = 'payroll',
): Promise<ExportFile> {
  const base = `${
    companyName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'payroll'
  }-payroll-${period.start_date}-to-${period.end_date}`;
  if (layout === 'elements') return { body: csvOf(elementRows(people)), contentType: CSV_CONTENT_TYPE, fileName: `${base}-elements.csv` };
  const wide = wideRows(people);
  if (layout === 'csv') return { body: csvOf(wide), contentType: CSV_CONTENT_TYPE, fileName: `${base}.csv` };
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('Payroll', { views: [{ state: 'frozen', ySplit: 1, xSplit: 4 }] });
  addTable(sheet, wide);
  const elements = workbook.addWorksheet('Elements', { views: [{ state: 'frozen', ySplit: 1 }] });
  addTable(elements, elementRows(people));
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${base}.xlsx`,
  };
}
