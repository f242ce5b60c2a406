// Spreadsheets of people for the import (Settings → Import people): a BrightHR-like header row
// and `rows` people, deterministic, so the same options always give the same file. `bad` of
// the rows carry an error the preview names — alternately a work e-mail that is not one
// ("Invalid characters in email") and an empty surname ("Field is required.") — and the same options
// with `bad: 0` are the fixed file. Person 1 (Priya Shah) manages the others and had taken
// 3 days; person 2 is managed by another row of the file.
//   peopleCsv({ rows: 30, bad: 2 })             CSV text (comma, a quoted address with a comma)
//   writePeopleCsv('/tmp/people.csv', { … })     the same written to a file; returns the path
//   peopleXlsx({ rows: 30 })                     an Excel workbook of the same cells (dates as date cells)
import { writeFileSync } from 'node:fs';

export type PeopleFileOptions = {
  rows?: number;
  /** How many rows carry an error (spread evenly, never person 1). */
  bad?: number;
  /** The e-mail domain: addresses are unique across every company, so each test or e2e run picks its own. */
  domain?: string;
  /** Header names: 'brighthr' (First name, Last name, Email, …) or 'plain' (the template's). */
  headers?: 'brighthr' | 'plain';
};

export const PEOPLE_HEADERS = {
  brighthr: [
    'First name',
    'Last name',
    'Email',
    'Personal email',
    'Mobile',
    'Start date',
    'Job title',
    'Department',
    'Location',
    'Manager email',
    'Days per week',
    'Holiday entitlement',
    'Holiday taken',
    'Date of birth',
    'NI number',
    'Address',
  ],
  plain: [
    'First name',
    'Surname',
    'Work e-mail',
    'Personal e-mail',
    'Phone',
    'Start date',
    'Job title',
    'Department',
    'Location',
    "Line manager's e-mail",
    'Days per week',
    'Annual allowance',
    'Leave taken this year',
    'Date of birth',
    'NI number',
    'Address',
  ],
} as const;

const FIRST = [
  'Priya',
  'Tom',
  'Aisha',
  'Jack',
  'Olivia',
  'Mohammed',
  'Grace',
  'Liam',
  'Sofia',
  'Noah',
  'Chloe',
  'Ethan',
  'Amelia',
  'Harry',
  'Isla',
];
const LAST = [
  'Shah',
  'Baker',
  'Khan',
  'Wilson',
  'Evans',
  'Ali',
  'Taylor',
  'Brown',
  'Patel',
  'Jones',
  'Walker',
  'Wright',
  'Green',
  'Hall',
  'Wood',
];
const DEPARTMENTS = ['Operations', 'Kitchen', 'Front of house'];
const LOCATIONS = ['Head office', 'Leeds branch'];
const TITLES = ['Chef', 'Waiter', 'Shift supervisor', 'Kitchen porter'];
const NI_LETTERS = ['AB', 'CE', 'GH', 'JK', 'LM', 'NP', 'RS', 'TW'];

/** Which rows (1-based person numbers) are bad: spread over the file, never person 1. */
export function badPeople(rows: number, bad: number): number[] {
  const picked: number[] = [];
  for (let i = 1; i <= bad; i += 1) picked.push(Math.min(rows, 1 + Math.round((i * rows) / (bad + 1))));
  return [...new Set(picked)].filter((n) => n > 1);
}

export type PersonRecord = { first: string; surname: string; email: string; cells: string[] };

/** The people of the file, person 1 first; `cells` in the order of the headers. */
export function peopleRecords(options: PeopleFileOptions = {}): PersonRecord[] {
  const rows = options.rows ?? 30;
  const domain = options.domain ?? 'import.example.test';
  const bad = new Set(badPeople(rows, options.bad ?? 0));
  const records: PersonRecord[] = [];
  for (let n = 1; n <= rows; n += 1) {
    const first = FIRST[(n - 1) % FIRST.length] ?? 'Sam';
    const surname = `${LAST[(n - 1) % LAST.length] ?? 'Smith'}${n > LAST.length ? ` ${Math.ceil(n / LAST.length)}` : ''}`;
    const email = `${first}.${surname.replace(/\s+/g, '')}${n}@${domain}`.toLowerCase();
    const manager = n === 1 ? '' : n === 3 ? `tom.baker2@${domain}` : `priya.shah1@${domain}`;
    const day = String(((n * 7) % 28) + 1).padStart(2, '0');
    const badKind = bad.has(n) ? [...bad].indexOf(n) % 2 : -1;
    const cells = [
      first,
      badKind === 1 ? '' : surname,
      badKind === 0 ? `${first}.${surname}${n} at ${domain}`.toLowerCase() : email,
      `${first.toLowerCase()}${n}@home.example.test`,
      `07700 900${String(n).padStart(3, '0')}`,
      `${day}/0${(n % 9) + 1}/20${String(15 + (n % 10)).padStart(2, '0')}`,
      TITLES[n % TITLES.length] ?? 'Chef',
      DEPARTMENTS[n % DEPARTMENTS.length] ?? 'Operations',
      LOCATIONS[n % LOCATIONS.length] ?? 'Head office',
      manager,
      n % 5 === 0 ? '3' : '5',
      n % 5 === 0 ? '16.8' : '28',
      n === 1 ? '3' : String(n % 4),
      `${day}/0${(n % 9) + 1}/19${70 + (n % 29)}`,
      `${NI_LETTERS[n % NI_LETTERS.length] ?? 'AB'}${String(100000 + n)}${'ABCD'[n % 4] ?? 'A'}`,
      `${n} High Street, Flat ${n}, Leeds, LS1 ${(n % 9) + 1}AB`,
    ];
    records.push({ first, surname, email, cells });
  }
  return records;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function peopleCsv(options: PeopleFileOptions = {}): string {
  const headers = PEOPLE_HEADERS[options.headers ?? 'brighthr'];
  const lines = [headers.map(csvCell).join(','), ...peopleRecords(options).map((record) => record.cells.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function writePeopleCsv(path: string, options: PeopleFileOptions = {}): string {
  writeFileSync(path, peopleCsv(options), 'utf8');
  return path;
}

/** The same people as an Excel workbook: the start dates and dates of birth as date cells, the numbers as numbers. */
export async function peopleXlsx(options: PeopleFileOptions = {}): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet('People');
  const headers = PEOPLE_HEADERS[options.headers ?? 'brighthr'];
  sheet.addRow([...headers]);
  const asDate = (text: string) => {
    const [d, m, y] = text.split('/').map(Number);
    return new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
  };
  for (const record of peopleRecords(options)) {
    sheet.addRow(
      record.cells.map((cell, index) => {
        if (headers[index] === 'Start date' || headers[index] === 'Date of birth') return asDate(cell);
        if (/^\d+(\.\d+)?$/.test(cell) && /days|entitlement|taken|allowance/i.test(headers[index] ?? '')) return Number(cell);
        return cell;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
