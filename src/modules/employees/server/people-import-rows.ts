// One spreadsheet row as a person: each mapped cell checked with the add-employee and
// personal-record contracts' own validators (so a row says what the forms say), dates read as
// dd/mm/yyyy, yyyy-mm-dd or an Excel day number, a working pattern read from days per week or
// named days. What needs the company's lists (departments, managers…) is checked by the plan.
import * as v from 'valibot';
import { isIsoDate, londonDate } from '../../../shared/dates';
import { EmailFieldSchema } from '../../../shared/email-field';
import { numberField, textField } from '../../../shared/validators';
import { CreateEmployeeInputSchema } from '../directory.contract';
import type { WeekHours } from '../employment-records.contract';
import { peopleImportMessages as M, type ImportField } from '../people-import.contract';
import { UpdateContactDetailsInputSchema, UpdatePersonalDetailsInputSchema } from '../personal-records.contract';

/** A cell left empty, or a column not mapped, leaves the field as it is (an update) or unset (someone new). */
export type ImportedPerson = {
  line: number;
  first_name: string;
  surname: string;
  email: string;
  personal_email?: string | null;
  mobile_phone?: string | null;
  start_date?: string | null;
  job_title?: string;
  department?: string;
  location?: string;
  line_manager_email?: string;
  /** Days per week or named days, as hours; or the name of a working-pattern template. */
  week?: { hours: WeekHours } | { template: string };
  employment_type?: string;
  annual_allowance?: number;
  leave_taken?: number;
  date_of_birth?: string | null;
  ni_number?: string | null;
  address?: {
    address_line1?: string | null;
    address_line2?: string | null;
    town?: string | null;
    county?: string | null;
    postcode?: string | null;
  };
};
export type RowErrors = Partial<Record<ImportField | 'row', string[]>>;
export type CheckedRow = { person: ImportedPerson; errors: RowErrors };

/** The hours of a day in a pattern made from days per week. */
export const IMPORTED_DAY_HOURS = 7.5;
const DAYS = ['mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours', 'sun_hours'] as const;

const pad = (value: number) => String(value).padStart(2, '0');
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** dd/mm/yyyy (or - and . between), d/m/yy, yyyy-mm-dd (a time after it ignored), or an Excel day number → yyyy-MM-dd; null when none of those. */
export function readDate(value: string): string | null {
  const text = value.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) {
    const iso = `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}`;
    return isIsoDate(iso) ? iso : null;
  }
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (match) {
    let year = Number(match[3]);
    if (match[3]?.length === 2) {
      const now = Number(londonDate(new Date()).slice(2, 4));
      year += year <= now + 1 ? 2000 : 1900;
    }
    const iso = `${year}-${pad(Number(match[2]))}-${pad(Number(match[1]))}`;
    return isIsoDate(iso) ? iso : null;
  }
  if (/^\d{4,5}(\.0+)?$/.test(text)) {
    const serial = Number(text);
    if (serial < 367 || serial > 73050) return null;
    const date = new Date(EXCEL_EPOCH + serial * 86_400_000);
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  }
  return null;
}

const DAY_NAMES: Record<string, number> = {
  mon: 0,
  monday: 0,
  tue: 1,
  tues: 1,
  tuesday: 1,
  wed: 2,
  weds: 2,
  wednesday: 2,
  thu: 3,
  thur: 3,
  thurs: 3,
  thursday: 3,
  fri: 4,
  friday: 4,
  sat: 5,
  saturday: 5,
  sun: 6,
  sunday: 6,
};

const emptyWeek = (): WeekHours => Object.fromEntries(DAYS.map((day) => [day, 0])) as WeekHours;

/** "5", "2.5", "5 days" → that many days from Monday (a half day last); "Mon-Fri", "Mon, Wed, Fri", "Monday to Thursday" → those days. */
export function readWorkingWeek(value: string): WeekHours | null {
  const text = value.trim().toLowerCase();
  const number = /^(\d+(?:\.\d+)?)\s*(?:days?|d)?(?:\s*(?:per|a|\/)\s*(?:week|wk|w))?$/.exec(text);
  if (number) {
    const days = Number(number[1]);
    if (!(days > 0 && days <= 7) || !Number.isInteger(days * 2)) return null;
    const week = emptyWeek();
    for (let day = 0; day < Math.ceil(days); day += 1)
      week[DAYS[day] as (typeof DAYS)[number]] = day < Math.floor(days) ? IMPORTED_DAY_HOURS : IMPORTED_DAY_HOURS / 2;
    return week;
  }
  const week = emptyWeek();
  let any = false;
  for (const part of text.split(/\s*[,/;&+]\s*|\s+and\s+|\s+/).filter(Boolean)) {
    const range = /^([a-z]+)(?:-|–|\.\.)([a-z]+)$/.exec(part);
    const [from, to] = range ? [DAY_NAMES[range[1] ?? ''], DAY_NAMES[range[2] ?? '']] : [DAY_NAMES[part], DAY_NAMES[part]];
    if (from === undefined || to === undefined) {
      if (part === 'to' || part === 'through') continue;
      return null;
    }
    for (let day = from; day <= to; day += 1) week[DAYS[day] as (typeof DAYS)[number]] = IMPORTED_DAY_HOURS;
    any = true;
  }
  // "Monday to Friday": the words around "to" were read as single days; fill what lies between.
  const spanned = /^([a-z]+)\s+(?:to|through)\s+([a-z]+)$/.exec(text);
  if (spanned) {
    const [from, to] = [DAY_NAMES[spanned[1] ?? ''], DAY_NAMES[spanned[2] ?? '']];
    if (from !== undefined && to !== undefined)
      for (let day = from; day <= to; day += 1) week[DAYS[day] as (typeof DAYS)[number]] = IMPORTED_DAY_HOURS;
  }
  return any ? week : null;
}

/** "28", "28 days", "22.5" → the number; null when it is not one. */
export function readAmount(value: string): number | null {
  const match = /^(-?\d+(?:[.,]\d+)?)\s*(?:days?|d|hours?|hrs?|h)?$/i.exec(value.trim());
  return match ? Number((match[1] ?? '').replace(',', '.')) : null;
}

const firstMessage = (issues: readonly v.BaseIssue<unknown>[]) => [issues[0]?.message ?? 'Field is required.'];

/** The contract's schema applied to a cell: its output, or the messages on `errors[field]`. */
function check<T>(schema: v.GenericSchema<unknown, T>, value: unknown, field: ImportField, errors: RowErrors): T | undefined {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  errors[field] = firstMessage(result.issues);
  return undefined;
}

const POSTCODE_TAIL = /^[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}$/i;

/** One cell holding a whole address: split on line breaks or commas; a postcode at the end goes to its field. */
export function splitAddress(value: string): NonNullable<ImportedPerson['address']> {
  const parts = value
    .split(/\s*[\n,]\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  const address: NonNullable<ImportedPerson['address']> = {};
  const last = parts[parts.length - 1];
  if (last && POSTCODE_TAIL.test(last)) {
    address.postcode = last;
    parts.pop();
  }
  if (parts.length > 0) address.address_line1 = parts.shift() ?? null;
  if (parts.length > 0) address.town = parts.pop() ?? null;
  if (parts.length > 0) address.address_line2 = parts.join(', ');
  return address;
}

const contact = UpdateContactDetailsInputSchema.entries;
const personal = UpdatePersonalDetailsInputSchema.entries;
const employee = CreateEmployeeInputSchema.entries;
const listName = textField({ maxLength: 100 });
const allowance = numberField({ min: 0, max: 366 });
const taken = numberField({ min: 0, max: 366 });

/** The row's cells by field (the mapping's first column for a field wins). */
export function cellsOf(row: readonly string[], mapping: readonly (ImportField | null)[]): Partial<Record<ImportField, string>> {
  const cells: Partial<Record<ImportField, string>> = {};
  mapping.forEach((field, index) => {
    if (field && cells[field] === undefined) cells[field] = row[index] ?? '';
  });
  return cells;
}

/** Checks one row's cells; `line` is its line in the spreadsheet. */
export function checkRow(line: number, cells: Partial<Record<ImportField, string>>): CheckedRow {
  const errors: RowErrors = {};
  const filled = (field: ImportField) => {
    const value = cells[field];
    return value !== undefined && value.trim() !== '' ? value : undefined;
  };
  const person: ImportedPerson = {
    line,
    first_name: check(employee.first_name, cells.first_name ?? '', 'first_name', errors) ?? '',
    surname: check(employee.surname, cells.surname ?? '', 'surname', errors) ?? '',
    email: check(employee.email, cells.email ?? '', 'email', errors) ?? '',
  };
  const optional = <T>(field: ImportField, schema: v.GenericSchema<unknown, T>): T | undefined => {
    const value = filled(field);
    return value === undefined ? undefined : check(schema, value, field, errors);
  };
  const date = (field: 'start_date' | 'date_of_birth'): string | undefined => {
    const value = filled(field);
    if (value === undefined) return undefined;
    const iso = readDate(value);
    if (!iso) errors[field] = [M.date];
    return iso ?? undefined;
  };
  const amount = (field: 'annual_allowance' | 'leave_taken', schema: typeof allowance): number | undefined => {
    const value = filled(field);
    if (value === undefined) return undefined;
    const number = readAmount(value);
    if (number === null) {
      errors[field] = [M.number];
      return undefined;
    }
    return check(schema, number, field, errors);
  };

  const set = <K extends keyof ImportedPerson>(key: K, value: ImportedPerson[K] | undefined) => {
    if (value !== undefined) person[key] = value;
  };
  set('personal_email', optional('personal_email', contact.personal_email));
  set('mobile_phone', optional('phone', contact.mobile_phone));
  const start = date('start_date');
  if (start !== undefined) set('start_date', check(employee.start_date, start, 'start_date', errors));
  const birth = date('date_of_birth');
  if (birth !== undefined) set('date_of_birth', check(personal.date_of_birth, birth, 'date_of_birth', errors));
  set('ni_number', optional('ni_number', personal.ni_number));
  set('job_title', optional('job_title', listName));
  set('department', optional('department', listName));
  set('location', optional('location', listName));
  set('employment_type', optional('employment_type', listName));
  const manager = optional('line_manager_email', EmailFieldSchema);
  if (manager) set('line_manager_email', manager);
  set('annual_allowance', amount('annual_allowance', allowance));
  set('leave_taken', amount('leave_taken', taken));

  const pattern = filled('working_pattern');
  if (pattern !== undefined) {
    const hours = readWorkingWeek(pattern);
    const name = v.safeParse(listName, pattern);
    if (hours) person.week = { hours };
    else if (name.success && /[a-z]/i.test(name.output)) person.week = { template: name.output };
    else errors.working_pattern = [M.workingPattern];
  }

  const whole = filled('address');
  const address: NonNullable<ImportedPerson['address']> = whole ? splitAddress(whole) : {};
  for (const field of ['address_line1', 'address_line2', 'town', 'county', 'postcode'] as const) {
    const value = filled(field);
    if (value !== undefined) address[field] = value;
  }
  const checked: NonNullable<ImportedPerson['address']> = {};
  for (const field of ['address_line1', 'address_line2', 'town', 'county', 'postcode'] as const) {
    const value = address[field];
    if (value === undefined || value === null) continue;
    const result = v.safeParse(contact[field], value);
    if (result.success) checked[field] = result.output;
    else errors[cells[field] !== undefined && filled(field) ? field : 'address'] = firstMessage(result.issues);
  }
  if (Object.keys(checked).length > 0) person.address = checked;
  return { person, errors };
}
