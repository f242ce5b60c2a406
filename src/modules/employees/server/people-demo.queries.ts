// The people of the demo company (src/app/server/seed.ts): three departments, two locations
// (Manchester in England, Edinburgh in Scotland), the organisation's lists, and about
// twenty-five employees with realistic records — job-title history, working patterns, next of
// kin, right-to-work checks, pay rates — including one who left last year and one who is
// leaving next month. Everything is fixed, so screenshots and tests can name it.
import type { Trx } from '../../../server/db/database';
import './people-tables';
import { type DemoPerson, DEMO_ACCOUNT_RECORDS, FULL_TIME, PEOPLE, THREE_DAYS, WEEKENDS, demoEmail, week } from './people-demo.data';

/** The demo's standard hourly pay, a little different person by person. */
const hourlyRate = (index: number) => 12.21 + (index % 5);
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
        // Their usual pay: the standard hourly rate below for their pattern's hours.
        average_weekly_earnings: Math.round(hourlyRate(index) * person.pattern.reduce((sum, hours) => sum + hours, 0) * 100) / 100,
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
        .values({ ...base, pay_rate_type_id: standardRate.id, amount: hourlyRate(index), unit: 'hour', start_date: started })
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
