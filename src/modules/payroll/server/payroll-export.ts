// A pay period's payroll data as files: a generic CSV and an XLSX workbook with one row per
// person and a group of columns per element, and the row-per-element CSV UK payroll software
// imports (payroll number, NI number, element code, hours, days, amount). CSV per RFC 4180
// with a guard against formula injection; dates dd/mm/yyyy.
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { ExportLayout, PayrollLine, PayrollPerson } from '../payroll.contract';
import type { PayPeriod } from '../pay-periods';
import { newWorkbook } from '../../../server/files/workbook';

const FORMULA_START = /^[=+\-@\t\r]/;
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const csv = (rows: readonly (readonly string[])[]) => `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
const shown = (date: string | null) => (date ? formatCalendarDate(date, DATE_FORMATS.date) : '');
const num = (value: number | null) => (value === null ? '' : String(value));
const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

type Measure = { header: string; of: (line: PayrollLine) => string };
const MEASURES: Measure[] = [
  { header: 'hours', of: (line) => num(line.hours) },
  { header: 'payable hours', of: (line) => num(line.payable_hours) },
  { header: 'days', of: (line) => num(line.days) },
  { header: 'qualifying days', of: (line) => num(line.qualifying_days) },
  { header: 'amount (£)', of: (line) => money(line.amount) },
];
const PERSON_HEADERS = ['Payroll number', 'NI number', 'Surname', 'First name', 'Department', 'Start date', 'Leaving date'];
const personCells = (person: PayrollPerson) => [
  person.payroll_number ?? '',
  person.ni_number ?? '',
  person.surname,
  person.first_name,
  person.department ?? '',
  shown(person.starter_date),
  shown(person.leaver_date),
];

/** One row per person: for each element code met in the period, the measures it has anywhere. */
export function wideRows(people: readonly PayrollPerson[]): string[][] {
  const codes = [
    ...new Set(
      people.flatMap((person) => person.lines.filter((l) => l.code !== 'STARTER' && l.code !== 'LEAVER').map((line) => line.code)),
    ),
  ].sort();
  const columns = codes.flatMap((code) =>
    MEASURES.filter((measure) => people.some((person) => person.lines.some((line) => line.code === code && measure.of(line) !== ''))).map(
      (measure) => ({ code, measure }),
    ),
  );
  const sum = (lines: PayrollLine[], measure: Measure) => {
    const values = lines.map((line) => measure.of(line)).filter((value) => value !== '');
    if (values.length === 0) return '';
    const total = Math.round(values.reduce((acc, value) => acc + Number(value), 0) * 100) / 100;
    return measure.header === 'amount (£)' ? total.toFixed(2) : String(total);
  };
  return [
    [...PERSON_HEADERS, ...columns.map(({ code, measure }) => `${code} ${measure.header}`)],
    ...people.map((person) => [
      ...personCells(person),
      ...columns.map(({ code, measure }) =>
        sum(
          person.lines.filter((line) => line.code === code),
          measure,
        ),
      ),
    ]),
  ];
}

/** One row per person and element: what payroll software imports as payments and deductions. */
export function elementRows(people: readonly PayrollPerson[]): string[][] {
  const rows: string[][] = [
    [
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
    ],
  ];
  for (const person of people) {
    for (const line of person.lines) {
      rows.push([
        person.payroll_number ?? '',
        person.ni_number ?? '',
        person.surname,
        person.first_name,
        line.code,
        line.label,
        num(line.hours),
        num(line.multiplier),
        num(line.code === 'SICK' ? line.qualifying_days : line.days),
        money(line.amount),
        line.dates.length === 1 ? shown(line.dates[0] ?? null) : '',
      ]);
    }
  }
  return rows;
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
  if (layout === 'elements')
    return { body: csv(elementRows(people)), contentType: 'text/csv; charset=utf-8', fileName: `${base}-elements.csv` };
  const rows = wideRows(people);
  if (layout === 'csv') return { body: csv(rows), contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv` };
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('Payroll', { views: [{ state: 'frozen', ySplit: 1, xSplit: 4 }] });
  const [header = [], ...body] = rows;
  sheet.columns = header.map((title) => ({ header: title, width: Math.max(12, title.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  const numeric = header.map((title, index) => index >= PERSON_HEADERS.length && title.length > 0);
  for (const row of body) sheet.addRow(row.map((cell, index) => (cell === '' ? null : numeric[index] ? Number(cell) : cell)));
  const elements = workbook.addWorksheet('Elements', { views: [{ state: 'frozen', ySplit: 1 }] });
  const [elementHeader = [], ...elementBody] = elementRows(people);
  elements.columns = elementHeader.map((title) => ({ header: title, width: Math.max(12, title.length + 2) }));
  elements.getRow(1).font = { bold: true };
  for (const row of elementBody) elements.addRow(row.map((cell) => (cell === '' ? null : cell)));
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${base}.xlsx`,
  };
}
