// Exports (GET /api/user-export): exactly the rows the directory's filters give the caller,
// the basic columns only, CSV per RFC 4180 with the formula-injection guard, XLSX that parses
// back, audited.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../../src/modules/employees/directory.contract';
import { londonDate } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { addEmployee, addLocation, addTag } from '../../support/people-fixtures';
import { addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let owner: Person;
let manager: Person;
let employee: Person;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  const companyId = company.companyId!;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  const leeds = await addLocation(t, companyId, 'Leeds, West Yorkshire');
  const tag = await addTag(t, companyId, 'Night "shift"');
  const quoted = await addEmployee(t, company, {
    firstName: '=HYPERLINK("http://evil.test")',
    surname: 'Smith, Jr',
    department: 'Operations',
    locationId: leeds,
    jobTitle: '+44 line\nsecond',
    startDate: '2021-03-01',
    tagIds: [tag],
  });
  await ownerSql(
    t,
    sql`insert into user_personal_details (user_id, company_id, ni_number) values (${quoted.id}, ${companyId}, 'QQ123456C')`,
  );
  await addEmployee(t, company, { firstName: 'Olive', surname: 'Office', department: 'Office', terminationDate: '2030-12-31' });
  await addEmployee(t, company, { firstName: 'Terry', surname: 'Gone', department: 'Operations', status: 'terminated' });
  await addEmployee(t, await addShellCompany(t), { firstName: 'Other', surname: 'Company', department: 'Operations' });
});
afterAll(async () => t.close());

const exportAs = (who: Person, query: string) => t.app.inject({ method: 'GET', url: `/api/user-export?${query}`, headers: who.headers });

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('GET /api/user-export', () => {
  it('writes CSV of the filtered rows with the guard and quoting, as an attachment, audited', async () => {
    const res = await exportAs(owner, `format=csv&sort=name`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="employees-${londonDate(new Date())}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => row[2])).toEqual(['Office', 'Smith, Jr', 'Tester', 'Tester', 'Tester']);
    expect(rows[1]).toEqual([
      `'=HYPERLINK("http://evil.test")`,
      '',
      'Smith, Jr',
      expect.stringContaining('@example.test'),
      'Active',
      `'+44 line\nsecond`,
      'Operations',
      'Leeds, West Yorkshire',
      '01/03/2021',
      'Night "shift"',
      '',
    ]);
    expect(rows[0]?.[10]).toBe('31/12/2030');
    expect(res.body).not.toContain('QQ123456C');
    expect(res.body).not.toContain('Other');
    const audit = await ownerSql<{ details: { rows: number; format: string } }>(
      t,
      sql`select details from audit_log where action = 'user.exported'`,
    );
    expect(audit.at(-1)?.details).toMatchObject({ rows: 5, format: 'csv' });
  });

  it("keeps a manager's export to their departments and the filter; employees have none", async () => {
    const res = await exportAs(manager, 'format=csv');
    const rows = parseCsv(res.body.slice(1)).slice(1);
    expect(rows.map((row) => row[0]).sort()).toEqual([`'=HYPERLINK("http://evil.test")`, 'Employee', 'Manager']);
    const searched = parseCsv((await exportAs(manager, 'search=gone')).body.slice(1)).slice(1);
    expect(searched.map((row) => [row[0], row[4]])).toEqual([['Terry', 'Terminated']]);
    const office = parseCsv((await exportAs(owner, `department_id[]=${company.departments.Office}`)).body.slice(1)).slice(1);
    expect(office.map((row) => row[0]).sort()).toEqual(['Olive', 'Owner']);
    expect((await exportAs(employee, 'format=csv')).statusCode).toBe(403);
    expect((await exportAs(owner, 'format=pdf')).statusCode).toBe(422);
  });

  it('writes XLSX that parses back to the same rows', async () => {
    const res = await exportAs(owner, 'format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Employees');
    const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...EXPORT_COLUMNS]);
    expect(sheet?.rowCount).toBe(6);
    expect(values(3).slice(0, 3)).toEqual(['=HYPERLINK("http://evil.test")', undefined, 'Smith, Jr']);
  });
});
