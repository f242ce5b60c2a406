// `npm run bench:overtime`: overtime and payroll data on a database of 200 companies and
// 10,250 people with 100,000 overtime reports. The measured company has 250 people (with
// payroll and NI numbers, hourly pay, working patterns) and, in the current month, 2,000
// approved paid overtime reports at two rates, 250 waiting ones, and 60 unpaid-leave and
// sickness absences; its manager approves for a department of 25 and line-manages 10.
// Measured server-side with app.inject (token, session, tenant transaction, queries, JSON):
// - the pay period build for the 250-person company (GET /api/payroll-period/{start}): < 1 s;
// - the approver's list (`/api/user-overtime?view=to_approve&status=reported`): p99 < 30 ms;
// - the pending count for the manager.
// Prints the load average; writes tests/bench/results/overtime.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createCompany, createDepartment, createRole } from '../../src/modules/auth/server/accounts.queries';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { buildApp } from '../../src/app/server/app';
import { createDb, createPool, withSystem } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { addDays, londonDate } from '../../src/shared/dates';
import { benchConfig, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 30);
const WARM_UP = 10;
const COMPANIES = 200;
const OTHER_PEOPLE = 10_000;
const PEOPLE = 250;
const OTHER_REPORTS = 100_000 - 2_250;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-overtime');

async function main(): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir);
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));
  const today = londonDate(new Date());
  const monthStart = `${today.slice(0, 8)}01`;
  const days = Math.max(1, Number(today.slice(8, 10)));
  const seedStarted = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await withSystem(ownerDb, async (trx) => {
      await query.execute(trx);
    });
    console.log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  };

  const big = await withSystem(ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: 'Payroll Ltd' });
    const roles = new Map<string, string>();
    for (const template of PRODUCT_ROLES.company) roles.set(template.name, await createRole(trx, { companyId, template }));
    const departments: string[] = [];
    for (let i = 1; i <= 10; i++) departments.push(await createDepartment(trx, { companyId, name: `Department ${i}` }));
    return { companyId, roles, departments };
  });
  const department = big.departments[0] ?? '';
  await step(
    'the company’s people',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id)
        select ${big.companyId}, 'p' || n || '@payroll.test', 'Pat', 'Person ' || lpad(n::text, 3, '0'), 'active', ${big.roles.get('Employee') ?? null},
          (${sql.val(big.departments)}::uuid[])[1 + n % 10]
        from generate_series(1, ${PEOPLE - 2}) n`,
  );
  await withSystem(ownerDb, async (trx) => {
    for (const [email, role, dep] of [
      ['manager@payroll.test', 'Manager', department],
      ['owner@payroll.test', 'Owner', null],
    ] as const) {
      await sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        values (${big.companyId}, ${email}, 'Bench', ${role}, 'active', ${big.roles.get(role) ?? null}, ${dep}, ${passwordHash})`.execute(
        trx,
      );
    }
  });
  await step(
    'other companies and people',
    sql`with made as (insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES - 1}) n returning id),
        numbered as (select id, row_number() over (order by id) - 1 as i from made)
        insert into users (company_id, email, first_name, surname, status)
        select c.id, 'o' || n || '@co.test', 'Other', 'Person ' || n, 'active'
        from generate_series(1, ${OTHER_PEOPLE}) n join numbered c on c.i = n % ${COMPANIES - 1}`,
  );
  await step(
    'records: employment, NI, patterns, line managers',
    sql`with e as (insert into user_employment_details (user_id, company_id, start_date, employee_number)
          select id, company_id, date '2018-01-01' + (abs(hashtext(id::text)) % 2500), 'P' || lpad((row_number() over (order by id))::text, 5, '0')
          from users where company_id is not null
          on conflict (user_id) do nothing returning user_id),
        p as (insert into user_personal_details (user_id, company_id, ni_number)
          select id, company_id, 'QQ' || lpad((abs(hashtext(id::text)) % 1000000)::text, 6, '0') || 'C' from users where company_id = ${big.companyId}
          on conflict (user_id) do nothing returning user_id),
        w as (insert into user_working_patterns (company_id, user_id, start_date, mon_hours, tue_hours, wed_hours, thu_hours, fri_hours)
          select company_id, id, date '2018-01-01', 7.5, 7.5, 7.5, 7.5, 7.5 from users where company_id = ${big.companyId} returning user_id)
        insert into user_line_managers (user_id, manager_id, company_id)
        select u.id, m.id, u.company_id from users u, users m
        where m.email = 'manager@payroll.test' and u.company_id = m.company_id and u.id <> m.id and u.email like 'p%' order by u.email limit 10`,
  );
  await step(
    'pay-rate types, rates, pay, settings',
    sql`with types as (insert into company_pay_rate_types (company_id, name, unit)
          select id, t.name, 'hour' from companies, (values ('Standard'), ('Time and a half'), ('Double time')) t(name) returning id, company_id, name),
        rates as (insert into overtime_rates (company_id, pay_rate_type_id, multiplier, element_code)
          select company_id, id, case when name = 'Double time' then 2 else 1.5 end, case when name = 'Double time' then 'OT20' else 'OT15' end
          from types where name <> 'Standard' returning id),
        pay as (insert into user_pay_rates (company_id, user_id, pay_rate_type_id, amount, unit, start_date)
          select u.company_id, u.id, t.id, 11.44 + (abs(hashtext(u.id::text)) % 800) / 100.0, 'hour', date '2018-01-01'
          from users u join types t on t.company_id = u.company_id and t.name = 'Standard' returning id),
        s as (insert into company_settings (company_id, overtime_enabled) select id, true from companies
          on conflict (company_id) do update set overtime_enabled = true returning company_id)
        insert into company_payroll_settings (company_id, frequency, first_period_start) select id, 'monthly', ${`${today.slice(0, 4)}-01-01`}::date from companies`,
  );
  await step(
    'the company’s overtime this month (2,000 approved paid, 250 waiting)',
    sql`insert into user_overtime (company_id, user_id, date, hours, reason, compensation, overtime_rate_id, status, reported_by)
        select u.company_id, u.id, ${monthStart}::date + (k % ${days}), 1 + (k % 8) * 0.5, 'Bench overtime', 'paid',
          (select r.id from overtime_rates r where r.company_id = u.company_id order by r.multiplier offset (k % 2) limit 1),
          case when k < 8 then 'approved' else 'reported' end, u.id
        from users u, generate_series(0, 8) k where u.company_id = ${big.companyId} and (k < 8 or u.email like 'p%')`,
  );
  await step(
    'the company’s unpaid leave and sickness (60 absences)',
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
        select u.company_id, u.id, t.id, ${monthStart}::date + (u.n % ${days})::int, ${monthStart}::date + (u.n % ${days})::int + 2, 'days', 'approved'
        from (select id, company_id, row_number() over (order by id) as n from users where company_id = ${big.companyId}) u
        join leave_types t on t.company_id = u.company_id and t.key = case when u.n % 2 = 0 then 'sickness' else 'unpaid' end
        where u.n <= 60`,
  );
  await step(
    'other companies’ overtime',
    sql`insert into user_overtime (company_id, user_id, date, hours, reason, compensation, overtime_rate_id, status, reported_by)
        select u.company_id, u.id, ${today}::date - (n % 300)::int, 2, 'Other overtime', 'toil', null,
          (array['reported','approved','declined'])[1 + n % 3], u.id
        from generate_series(1, ${OTHER_REPORTS}) n
        join (select id, company_id, row_number() over (order by id) - 1 as i from users where email like 'o%@co.test') u on u.i = n % ${OTHER_PEOPLE}`,
  );
  await step('analyse', sql`analyze`);
  await ownerDb.destroy();
  const seedMs = Math.round(performance.now() - seedStarted);
  console.log(`Seeded in ${seedMs} ms`);

  const app = await buildApp({ config, logger, db: database.db });
  await app.ready();
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return { authorization: `Bearer ${res.json<{ auth_token: string }>().auth_token}` };
  };
  const owner = await signIn('owner@payroll.test');
  const manager = await signIn('manager@payroll.test');
  const measure = async (title: string, url: string, headers: Record<string, string>, runs: number, rowsOf: (body: string) => number) => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Math.min(WARM_UP, runs); i++) await app.inject({ method: 'GET', url, headers });
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${title}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i === 0) rows = rowsOf(res.body);
    }
    times.sort((a, b) => a - b);
    const figures = {
      title,
      runs,
      p50_ms: round(percentile(times, 50)),
      p99_ms: round(percentile(times, 99)),
      max_ms: round(times.at(-1) ?? 0),
      rows,
    };
    console.log(`${title}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms (${runs} runs, ${rows} rows)`);
    return figures;
  };
  const build = await measure(
    `GET /api/payroll-period/${monthStart} (owner, ${PEOPLE} people)`,
    `/api/payroll-period/${monthStart}`,
    owner,
    BUILD_RUNS,
    (body) => {
      const detail = JSON.parse(body) as { people: unknown[]; totals: Record<string, number> };
      console.log(`  totals: ${JSON.stringify(detail.totals)}`);
      return detail.people.length;
    },
  );
  const approvals = await measure(
    'GET /api/user-overtime?view=to_approve&status=reported (manager)',
    '/api/user-overtime?view=to_approve&status=reported',
    manager,
    RUNS,
    (body) => (JSON.parse(body) as { count: number }).count,
  );
  const pending = await measure('GET /api/pending-count (manager)', '/api/pending-count', manager, RUNS, () => 1);
  await app.close();
  await database.close();

  const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const targets = { payroll_build_p99_under_1s: build.p99_ms < 1000, approvals_p99_under_30ms: approvals.p99_ms < 30 };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  console.log(`Load average: ${load.join(', ')} (${os.cpus().length} cores)`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  fs.writeFileSync(
    'tests/bench/results/overtime.json',
    `${JSON.stringify({ measured_at: new Date().toISOString(), machine: `${process.platform} ${process.arch}, node ${process.version}`, load_average: load, seed_ms: seedMs, build, approvals, pending_count: pending, targets, period_end: addDays(monthStart, 0) }, null, 2)}\n`,
  );
  console.log('Wrote tests/bench/results/overtime.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
