// Reading spreadsheets of people: RFC 4180 CSV (quotes, commas and line breaks in quotes, a
// byte-order mark, semicolons), Excel workbooks through exceljs (date cells, numbers, formulas),
// the column guesses from BrightHR, Breathe and plain headers, and each row's cells read as the
// add-employee form reads them.
import { describe, expect, it } from 'vitest';
import { guessMapping, IMPORT_FIELDS, TEMPLATE_COLUMNS } from '../../../src/modules/employees/people-import.contract';
import { detectDelimiter, parseCsv, readSpreadsheet } from '../../../src/modules/employees/server/people-import-parse';
import { checkRow, readDate, readWorkingWeek, splitAddress } from '../../../src/modules/employees/server/people-import-rows';
import { templateCsv, templateXlsx } from '../../../src/modules/employees/server/people-import-template';
import { peopleCsv, peopleRecords, peopleXlsx, PEOPLE_HEADERS } from '../../support/people-import-fixtures';

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, after a byte-order mark', () => {
    const text = '\uFEFFName,Address,Note\r\n"Shah, Priya","1 High St\nLeeds","said ""hi"""\n' + 'Tom,,\r\n';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Address', 'Note'],
      ['Shah, Priya', '1 High St\nLeeds', 'said "hi"'],
      ['Tom', '', ''],
    ]);
  });

  it('finds a semicolon or tab delimiter from the header line, not from quoted text', () => {
    expect(detectDelimiter('"a,b,c";d;e\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('a,b;c,d')).toBe(',');
    expect(parseCsv('First name;Surname\nAmira;Khan')).toEqual([
      ['First name', 'Surname'],
      ['Amira', 'Khan'],
    ]);
  });

  it('skips blank lines, pads short rows, drops control characters and keeps the header row from the first filled line', async () => {
    const sheet = await readSpreadsheet(Buffer.from('\n,,\nFirst name,Surname,Email\r\nA\u0007my,Lee\n\n,,\nBo,Chan,bo@x.test,extra\n'));
    expect(sheet.headers).toEqual(['First name', 'Surname', 'Email']);
    expect(sheet.rows).toEqual([
      ['Amy', 'Lee', ''],
      ['Bo', 'Chan', 'bo@x.test'],
    ]);
  });

  it('refuses a file with no people, a binary file and too many columns with a 422', async () => {
    await expect(readSpreadsheet(Buffer.from('First name,Surname\n'))).rejects.toMatchObject({ status: 422 });
    await expect(readSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]))).rejects.toMatchObject({ status: 422 });
    await expect(readSpreadsheet(Buffer.from(`${Array.from({ length: 61 }, (_, i) => `c${i}`).join(',')}\nx`))).rejects.toMatchObject({
      status: 422,
    });
    await expect(readSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toMatchObject({ status: 422 });
  });

  it('reads the fixture file: 30 people, the address with its commas in one cell', async () => {
    const sheet = await readSpreadsheet(Buffer.from(peopleCsv({ rows: 30 })));
    expect(sheet.headers).toEqual([...PEOPLE_HEADERS.brighthr]);
    expect(sheet.rows).toHaveLength(30);
    expect(sheet.rows[0]).toEqual(peopleRecords({ rows: 30 })[0]?.cells);
  });
});

describe('XLSX', () => {
  it('reads the first worksheet: date cells as yyyy-MM-dd, numbers as text', async () => {
    const sheet = await readSpreadsheet(await peopleXlsx({ rows: 5 }));
    expect(sheet.headers).toEqual([...PEOPLE_HEADERS.brighthr]);
    expect(sheet.rows).toHaveLength(5);
    const [priya] = sheet.rows;
    const csv = peopleRecords({ rows: 5 })[0]?.cells ?? [];
    expect(priya?.[0]).toBe('Priya');
    const [d, m, y] = (csv[5] ?? '').split('/');
    expect(priya?.[5]).toBe(`${y}-${m}-${d}`);
    expect(priya?.[12]).toBe('3');
    expect(priya?.[11]).toBe('28');
  });

  it('reads formulas by their result and rich text by its text', async () => {
    const { default: excel } = await import('exceljs');
    const workbook = new excel.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['First name', 'Surname', 'Holiday taken']);
    sheet.addRow([{ richText: [{ text: 'Am' }, { text: 'ira' }] }, 'Khan', { formula: '1+2', result: 3 }]);
    const read = await readSpreadsheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read.rows).toEqual([['Amira', 'Khan', '3']]);
  });

  it('the templates hold the known columns and one example row that reads without errors', async () => {
    const fromCsv = await readSpreadsheet(Buffer.from(templateCsv()));
    const fromXlsx = await readSpreadsheet(await templateXlsx());
    for (const sheet of [fromCsv, fromXlsx]) {
      expect(sheet.headers).toEqual(TEMPLATE_COLUMNS.map((column) => column.header));
      expect(sheet.rows).toHaveLength(1);
      const mapping = guessMapping(sheet.headers);
      expect(mapping.every((field) => field !== null)).toBe(true);
      const cells = Object.fromEntries(mapping.map((field, i) => [field, sheet.rows[0]?.[i] ?? '']));
      expect(checkRow(2, cells).errors).toEqual({});
    }
  });
});

describe('mapping', () => {
  it('guesses BrightHR, Breathe and plain headers', () => {
    expect(guessMapping([...PEOPLE_HEADERS.brighthr])).toEqual([
      'first_name',
      'surname',
      'email',
      'personal_email',
      'phone',
      'start_date',
      'job_title',
      'department',
      'location',
      'line_manager_email',
      'working_pattern',
      'annual_allowance',
      'leave_taken',
      'date_of_birth',
      'ni_number',
      'address',
    ]);
    expect(
      guessMapping([
        'Forename',
        'Surname',
        'Work Email',
        'Department',
        'Reports To',
        'Employment Type',
        'Holiday Entitlement',
        'Favourite colour',
      ]),
    ).toEqual(['first_name', 'surname', 'email', 'department', 'line_manager_email', 'employment_type', 'annual_allowance', null]);
  });

  it('a remembered choice wins over a guess, a column left out stays out, and no field is given twice', () => {
    expect(guessMapping(['Email', 'Work email', 'Manager'], { email: 'personal_email', manager: '' })).toEqual([
      'personal_email',
      'email',
      null,
    ]);
    expect(guessMapping(['Email', 'E-mail'])).toEqual(['email', null]);
    expect(IMPORT_FIELDS).toHaveLength(new Set(IMPORT_FIELDS).size);
  });
});

describe('a row', () => {
  it('reads dates as dd/mm/yyyy, d/m/yy, yyyy-mm-dd and Excel day numbers, and refuses impossible ones', () => {
    expect(readDate('03/03/2025')).toBe('2025-03-03');
    expect(readDate('3/3/25')).toBe('2025-03-03');
    expect(readDate('14.07.1990')).toBe('1990-07-14');
    expect(readDate('2025-03-03')).toBe('2025-03-03');
    expect(readDate('2025-03-03T00:00:00Z')).toBe('2025-03-03');
    expect(readDate('45719')).toBe('2025-03-03');
    expect(readDate('30/02/2025')).toBeNull();
    expect(readDate('March 3rd')).toBeNull();
  });

  it('reads working weeks from days per week or named days', () => {
    const days = (text: string) => {
      const week = readWorkingWeek(text);
      return week && Object.values(week);
    };
    expect(days('5')).toEqual([7.5, 7.5, 7.5, 7.5, 7.5, 0, 0]);
    expect(days('2.5 days')).toEqual([7.5, 7.5, 3.75, 0, 0, 0, 0]);
    expect(days('Mon-Wed')).toEqual([7.5, 7.5, 7.5, 0, 0, 0, 0]);
    expect(days('Monday to Friday')).toEqual([7.5, 7.5, 7.5, 7.5, 7.5, 0, 0]);
    expect(days('Mon, Wed, Fri')).toEqual([7.5, 0, 7.5, 0, 7.5, 0, 0]);
    expect(days('2.3')).toBeNull();
    expect(days('8')).toBeNull();
    expect(days('Nights')).toBeNull();
  });

  it('splits an address in one cell, its postcode last', () => {
    expect(splitAddress('1 High Street, Flat 2, Leeds, LS1 4AP')).toEqual({
      address_line1: '1 High Street',
      address_line2: 'Flat 2',
      town: 'Leeds',
      postcode: 'LS1 4AP',
    });
    expect(splitAddress('1 High Street\nLeeds')).toEqual({ address_line1: '1 High Street', town: 'Leeds' });
  });

  it('says what the add-employee and personal-record forms say', () => {
    const { errors } = checkRow(5, {
      first_name: '',
      surname: 'Khan',
      email: 'amira at example',
      personal_email: 'x@',
      phone: 'call me',
      start_date: '31/02/2025',
      date_of_birth: '01/01/2999',
      ni_number: 'QQ12',
      annual_allowance: 'lots',
      leave_taken: '-2',
      working_pattern: '9',
      postcode: 'NOT A CODE',
    });
    expect(errors).toEqual({
      first_name: ['Field is required.'],
      email: ['Invalid characters in email'],
      personal_email: ['Invalid email format'],
      phone: ['This is not a valid phone number.'],
      start_date: ['This is not a valid date.'],
      date_of_birth: ['The date of birth cannot be in the future.'],
      ni_number: ['This is not a valid national insurance number.'],
      annual_allowance: ['This is not a valid number.'],
      leave_taken: ['Value must be greater than or equal 0'],
      working_pattern: [expect.stringContaining('days worked per week')],
      postcode: ['This is not a valid postcode.'],
    });
  });

  it('a good row becomes the person with every field read', () => {
    const { person, errors } = checkRow(2, {
      first_name: ' Amira ',
      surname: 'Khan',
      email: 'amira@example.test',
      start_date: '03/03/2025',
      annual_allowance: '28 days',
      leave_taken: '3',
      working_pattern: '4',
      address: '1 High Street, Leeds, LS1 4AP',
      ni_number: 'ab 12 34 56 c',
    });
    expect(errors).toEqual({});
    expect(person).toMatchObject({
      line: 2,
      first_name: 'Amira',
      start_date: '2025-03-03',
      annual_allowance: 28,
      leave_taken: 3,
      week: { hours: { mon_hours: 7.5, thu_hours: 7.5, fri_hours: 0 } },
      address: { address_line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' },
    });
  });
});
