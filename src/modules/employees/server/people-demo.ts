// The people of the demo company (src/server/db/seed.ts): three departments, two locations
// (Manchester in England, Edinburgh in Scotland), the organisation's lists, and about
// twenty-five employees with realistic records — job-title history, working patterns, next of
// kin, right-to-work checks, pay rates — including one who left last year and one who is
// leaving next month. Everything is fixed, so screenshots and tests can name it.
import type { Trx } from '../../../server/db/database';
import './people-tables';

type Week = [number, number, number, number, number, number, number];
const FULL_TIME: Week = [7.5, 7.5, 7.5, 7.5, 7.5, 0, 0];
const THREE_DAYS: Week = [7.5, 7.5, 7.5, 0, 0, 0, 0];
const WEEKENDS: Week = [0, 0, 0, 8, 8, 8, 8];

const week = (hours: Week) => ({
  mon_hours: hours[0],
  tue_hours: hours[1],
  wed_hours: hours[2],
  thu_hours: hours[3],
  fri_hours: hours[4],
  sat_hours: hours[5],
  sun_hours: hours[6],
});

type DemoPerson = {
  first: string;
  surname: string;
  department: 'Office' | 'Operations' | 'Kitchen';
  location: 'Manchester' | 'Edinburgh';
  titles: [string, string][]; // [title, start_date], oldest first
  pattern: Week;
  born: string;
  postcode: string;
  tags?: string[];
  terminated?: { date: string; reason: string };
  permitExpiry?: string;
  hrAdmin?: boolean;
};

/** The twenty further employees; the demo accounts get records too (see `DEMO_ACCOUNT_RECORDS`). */
const PEOPLE: DemoPerson[] = [
  {
    first: 'Amelia',
    surname: 'Hughes',
    department: 'Office',
    location: 'Manchester',
    titles: [
      ['Payroll Administrator', '2019-03-04'],
      ['Payroll Manager', '2023-01-09'],
    ],
    pattern: FULL_TIME,
    born: '1986-07-12',
    postcode: 'M1 3BE',
    tags: ['First aider'],
  },
  {
    first: 'Oliver',
    surname: 'Patel',
    department: 'Office',
    location: 'Manchester',
    titles: [['Accounts Assistant', '2021-06-14']],
    pattern: FULL_TIME,
    born: '1994-02-03',
    postcode: 'M4 1HQ',
  },
  {
    first: 'Isla',
    surname: 'Campbell',
    department: 'Office',
    location: 'Edinburgh',
    titles: [['Receptionist', '2022-09-05']],
    pattern: THREE_DAYS,
    born: '1999-11-21',
    postcode: 'EH1 1YZ',
    tags: ['Fire marshal'],
  },
  {
    first: 'Noah',
    surname: 'Williams',
    department: 'Operations',
    location: 'Manchester',
    titles: [
      ['Team Leader', '2018-05-21'],
      ['Shift Supervisor', '2021-04-12'],
    ],
    pattern: FULL_TIME,
    born: '1983-04-30',
    postcode: 'M15 4PR',
    tags: ['Key holder', 'First aider'],
  },
  {
    first: 'Ava',
    surname: 'Kowalski',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Warehouse Operative', '2020-01-13']],
    pattern: WEEKENDS,
    born: '1991-08-08',
    postcode: 'M12 6JH',
    permitExpiry: '2026-12-14',
  },
  {
    first: 'Leo',
    surname: 'Thompson',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Delivery Driver', '2023-02-20']],
    pattern: FULL_TIME,
    born: '1997-12-01',
    postcode: 'M20 2LS',
  },
  {
    first: 'Grace',
    surname: 'Murray',
    department: 'Operations',
    location: 'Edinburgh',
    titles: [['Warehouse Operative', '2022-03-07']],
    pattern: THREE_DAYS,
    born: '2001-05-17',
    postcode: 'EH6 6QQ',
  },
  {
    first: 'Jack',
    surname: 'Robertson',
    department: 'Operations',
    location: 'Edinburgh',
    titles: [['Forklift Driver', '2019-10-28']],
    pattern: FULL_TIME,
    born: '1979-09-25',
    postcode: 'EH11 2AB',
    tags: ['Key holder'],
  },
  {
    first: 'Mia',
    surname: 'Nowak',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Picker Packer', '2024-06-03']],
    pattern: WEEKENDS,
    born: '2003-01-14',
    postcode: 'M8 8EP',
    permitExpiry: '2027-08-31',
  },
  {
    first: 'Harry',
    surname: 'Evans',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Warehouse Operative', '2017-08-14']],
    pattern: FULL_TIME,
    born: '1975-06-19',
    postcode: 'M9 4DN',
    terminated: { date: '2025-09-30', reason: 'Retirement' },
  },
  {
    first: 'Sophia',
    surname: 'Ahmed',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [
      ['Commis Chef', '2021-01-11'],
      ['Chef de Partie', '2023-07-03'],
    ],
    pattern: FULL_TIME,
    born: '1995-03-09',
    postcode: 'M13 9PL',
    tags: ['Food hygiene level 3'],
  },
  {
    first: 'George',
    surname: 'Brown',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [['Head Chef', '2016-02-01']],
    pattern: FULL_TIME,
    born: '1980-10-10',
    postcode: 'M16 0RA',
    tags: ['Food hygiene level 3', 'Key holder'],
  },
  {
    first: 'Freya',
    surname: 'MacDonald',
    department: 'Kitchen',
    location: 'Edinburgh',
    titles: [['Kitchen Porter', '2024-09-16']],
    pattern: WEEKENDS,
    born: '2005-07-22',
    postcode: 'EH3 9DR',
  },
  {
    first: 'Arthur',
    surname: 'Green',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [['Sous Chef', '2020-11-02']],
    pattern: FULL_TIME,
    born: '1988-12-05',
    postcode: 'M14 5TP',
    terminated: { date: '2026-12-31', reason: 'Resignation' },
  },
  {
    first: 'Lily',
    surname: 'Wood',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [['Commis Chef', '2025-03-10']],
    pattern: THREE_DAYS,
    born: '2002-04-28',
    postcode: 'M21 9WQ',
  },
  {
    first: 'Oscar',
    surname: 'Fraser',
    department: 'Kitchen',
    location: 'Edinburgh',
    titles: [['Chef de Partie', '2022-05-23']],
    pattern: FULL_TIME,
    born: '1993-08-15',
    postcode: 'EH7 5AA',
    tags: ['Food hygiene level 3'],
  },
  {
    first: 'Emily',
    surname: 'Walker',
    department: 'Office',
    location: 'Manchester',
    titles: [
      ['HR Assistant', '2022-01-17'],
      ['HR Advisor', '2024-04-01'],
    ],
    pattern: FULL_TIME,
    hrAdmin: true,
    born: '1990-01-31',
    postcode: 'M3 4LZ',
  },
  {
    first: 'Charlie',
    surname: 'Singh',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Transport Planner', '2021-09-06']],
    pattern: FULL_TIME,
    born: '1987-02-11',
    postcode: 'M5 3EN',
  },
  {
    first: 'Poppy',
    surname: 'Clarke',
    department: 'Office',
    location: 'Manchester',
    titles: [['Office Manager', '2018-01-08']],
    pattern: FULL_TIME,
    born: '1982-05-05',
    postcode: 'M2 5DB',
    tags: ['Fire marshal', 'First aider'],
  },
  {
    first: 'Thomas',
    surname: 'Reid',
    department: 'Operations',
    location: 'Edinburgh',
    titles: [['Warehouse Operative', '2023-11-20']],
    pattern: WEEKENDS,
    born: '1998-09-02',
    postcode: 'EH12 9HT',
  },
];

/** How many employees the demo company has beside the demo accounts. */
export const DEMO_PEOPLE_COUNT = PEOPLE.length;

const demoEmail = (person: Pick<DemoPerson, 'first' | 'surname'>) => `${person.first}.${person.surname}@demo.test`.toLowerCase();

/** The further employees who are HR admins: the start-up banner names them beside the demo accounts. */
export const DEMO_HR_ADMINS = PEOPLE.filter((person) => person.hrAdmin).map((person) => ({
  email: demoEmail(person),
  name: `${person.first} ${person.surname}`,
}));

/** The demo accounts' own history, by e-mail. */
const DEMO_ACCOUNT_RECORDS: Record<string, Omit<DemoPerson, 'first' | 'surname' | 'department'>> = {
  'owner@demo.test': {
    location: 'Manchester',
    titles: [['Managing Director', '2015-04-01']],
    pattern: FULL_TIME,
    born: '1978-03-14',
    postcode: 'M1 1AE',
  },
  'manager@demo.test': {
    location: 'Manchester',
    titles: [
      ['Warehouse Supervisor', '2017-06-05'],
      ['Operations Manager', '2022-02-14'],
    ],
    pattern: FULL_TIME,
    born: '1984-11-02',
    postcode: 'M14 6HR',
    tags: ['Key holder'],
  },
  'employee@demo.test': {
    location: 'Manchester',
    titles: [['Warehouse Operative', '2023-05-15']],
    pattern: THREE_DAYS,
    born: '1996-06-21',
    postcode: 'M19 2SY',
  },
  'docs@demo.test': {
    location: 'Manchester',
    titles: [['Compliance Officer', '2021-03-01']],
    pattern: FULL_TIME,
    born: '1990-08-30',
    postcode: 'M3 3EB',
  },
};

const NI_LETTERS = ['AB', 'CE', 'GH', 'JK', 'LM', 'NP', 'RS', 'TW', 'WX', 'YZ'];
const niNumber = (index: number) =>
  `${NI_LETTERS[index % NI_LETTERS.length]}${String(100000 + index * 7919).slice(-6)}${'ABCD'[index % 4]}`;

export async function seedPeopleDemo(
  trx: Trx,
  input: {
    companyId: string;
    departments: Record<string, string>;
    employeeRoleId: string | null;
    hrAdminRoleId: string | null;
    passwordHash: string;
    accounts: Record<string, string>;
  },
): Promise<void> {
  const { companyId } = input;
  const today = new Date().toISOString().slice(0, 10);
  const ids = async <T extends string>(table: 'company_positions' | 'contract_types' | 'termination_reasons' | 'user_tags', names: T[]) => {
    const rows = await trx
      .insertInto(table)
      .values(names.map((name) => ({ company_id: companyId, name })))
      .returning(['id', 'name'])
      .execute();
    return new Map(rows.map((row) => [row.name, row.id]));
  };

  const [manchester, edinburgh] = await trx
    .insertInto('company_locations')
    .values([
      {
        company_id: companyId,
        name: 'Manchester',
        address_line1: '1 Piccadilly Place',
        town: 'Manchester',
        postcode: 'M1 3BN',
        bank_holiday_region: 'england-and-wales',
      },
      {
        company_id: companyId,
        name: 'Edinburgh',
        address_line1: '20 Royal Mile',
        town: 'Edinburgh',
        postcode: 'EH1 1QS',
        bank_holiday_region: 'scotland',
      },
    ])
    .returning('id')
    .execute();
  const locations = { Manchester: manchester?.id ?? null, Edinburgh: edinburgh?.id ?? null };
  const contractTypes = await ids('contract_types', ['Permanent', 'Fixed term', 'Zero hours']);
  const reasons = await ids('termination_reasons', ['Resignation', 'Retirement', 'End of fixed term', 'Dismissal', 'Redundancy']);
  const tags = await ids('user_tags', ['First aider', 'Fire marshal', 'Key holder', 'Food hygiene level 3']);
  const titles = [...PEOPLE, ...Object.values(DEMO_ACCOUNT_RECORDS)].flatMap((person) => person.titles.map(([title]) => title));
  const positions = await ids('company_positions', [...new Set(titles)]);
  await trx
    .insertInto('working_pattern_templates')
    .values([
      { company_id: companyId, name: 'Full time (Mon–Fri)', ...week(FULL_TIME) },
      { company_id: companyId, name: 'Part time (Mon–Wed)', ...week(THREE_DAYS) },
      { company_id: companyId, name: 'Weekends (Thu–Sun)', ...week(WEEKENDS) },
    ])
    .execute();
  const [standardRate] = await trx
    .insertInto('company_pay_rate_types')
    .values([
      { company_id: companyId, name: 'Standard', unit: 'hour' },
      { company_id: companyId, name: 'Overtime', unit: 'hour' },
      { company_id: companyId, name: 'Salary', unit: 'year' },
    ])
    .returning('id')
    .execute();
  await trx
    .insertInto('custom_form_fields')
    .values([
      { company_id: companyId, label: 'T-shirt size', field_type: 'select', options: ['S', 'M', 'L', 'XL'], position: 1 },
      { company_id: companyId, label: 'Driving licence checked', field_type: 'checkbox', position: 2 },
    ])
    .execute();

  const people: { userId: string; person: Omit<DemoPerson, 'first' | 'surname' | 'department'> & { first: string; surname: string } }[] =
    [];
  for (const person of PEOPLE) {
    const departmentId = input.departments[person.department] ?? null;
    const { id: userId } = await trx
      .insertInto('users')
      .values({
        company_id: companyId,
        email: demoEmail(person),
        first_name: person.first,
        surname: person.surname,
        password_hash: input.passwordHash,
        status: person.terminated && person.terminated.date < today ? 'terminated' : 'active',
        role_id: person.hrAdmin ? input.hrAdminRoleId : input.employeeRoleId,
        department_id: departmentId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (departmentId)
      await trx.insertInto('user_departments').values({ user_id: userId, department_id: departmentId, company_id: companyId }).execute();
    people.push({ userId, person });
  }
  for (const [email, record] of Object.entries(DEMO_ACCOUNT_RECORDS)) {
    const userId = input.accounts[email];
    if (userId) people.push({ userId, person: { ...record, first: email, surname: '' } });
  }

  for (const [index, { userId, person }] of people.entries()) {
    const base = { user_id: userId, company_id: companyId };
    const latest = person.titles.at(-1);
    const started = person.titles[0]?.[1] ?? '2024-01-01';
    await trx
      .updateTable('users')
      .set({
        location_id: locations[person.location],
        job_title: latest?.[0] ?? null,
        ...(person.terminated
          ? { termination_date: person.terminated.date, termination_reason_id: reasons.get(person.terminated.reason) ?? null }
          : {}),
      })
      .where('id', '=', userId)
      .execute();
    await trx
      .insertInto('user_job_titles')
      .values(
        person.titles.map(([title, start], position) => ({
          ...base,
          title,
          position_id: positions.get(title) ?? null,
          start_date: start,
          termination_date: position === person.titles.length - 1 ? (person.terminated?.date ?? null) : null,
        })),
      )
      .execute();
    await trx
      .insertInto('user_employment_details')
      .values({
        ...base,
        start_date: started,
        continuous_service_date: started,
        probation_end_date: addMonths(started, 6),
        contract_type_id: contractTypes.get(person.pattern === WEEKENDS ? 'Zero hours' : 'Permanent') ?? null,
        hours_per_week: person.pattern.reduce((sum, hours) => sum + hours, 0),
        employee_number: `E${String(1001 + index)}`,
      })
      .execute();
    await trx
      .insertInto('user_working_patterns')
      .values({ ...base, start_date: started, ...week(person.pattern) })
      .execute();
    await trx
      .insertInto('user_personal_details')
      .values({ ...base, date_of_birth: person.born, ni_number: niNumber(index), nationality: 'British' })
      .execute();
    await trx
      .insertInto('user_contact_details')
      .values({
        ...base,
        address_line1: `${10 + index} High Street`,
        town: person.location,
        postcode: person.postcode,
        mobile_phone: `07700 900${String(100 + index)}`,
      })
      .execute();
    await trx
      .insertInto('user_next_of_kin')
      .values({ ...base, name: 'Sam Taylor', relationship: index % 2 ? 'Partner' : 'Parent', phone: `07700 900${String(500 + index)}` })
      .execute();
    if (standardRate) {
      await trx
        .insertInto('user_pay_rates')
        .values({ ...base, pay_rate_type_id: standardRate.id, amount: 12.21 + (index % 5), unit: 'hour', start_date: started })
        .execute();
    }
    if (person.permitExpiry) {
      await trx
        .insertInto('user_work_permits')
        .values({ ...base, document_type: 'share_code', share_code: 'W12345678', date_checked: started, expiry_date: person.permitExpiry })
        .execute();
    }
    const tagIds = (person.tags ?? []).map((tag) => tags.get(tag)).filter((id): id is string => id !== undefined);
    if (tagIds.length > 0) {
      await trx
        .insertInto('user_user_tags')
        .values(tagIds.map((tag_id) => ({ ...base, tag_id })))
        .execute();
    }
  }
}

function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1 + months, day));
  return shifted.toISOString().slice(0, 10);
}
