// `npm run bench:leave`: leave and absences on a database of 500 companies, 50,000 employees
// and 1,000,000 absences over three leave years (a few % pending, some cancellation requests,
// declines and cancellations; one in eight sickness, with its return-to-work item), with a
// leave year (period), its values and their entitlement logs for everyone this year. Seeded
// with generate_series on a fresh embedded PostgreSQL, no per-row round trips. The measured
// company has 1,000 employees in 10 departments; its manager runs one of ~100 people and
// line-manages 20 of them. Measured server-side with app.inject (token, session, tenant
// transaction, queries, JSON), 1,000 runs each after a warm-up:
// - the approval list (`status=needApproval&show_relevant_to_me=1`) for the manager: p99 < 30 ms;
// - one employee's balance (`user-absence-period?current_only=1`): p99 < 10 ms;
// - the pending count (every badge) for the manager: p99 < 10 ms;
// and, without targets, who is at work, a month of the team timeline and the return-to-work list.
// Writes tests/bench/results/leave.json.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/app/server/app';
import { createDb, createPool, withSystem } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { createCompany, createDepartment, createRole } from '../../src/modules/auth/server/accounts.queries';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { addDays, londonDate, startOfWeek } from '../../src/shared/dates';
import { benchConfig, loadAverage, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const WARM_UP = 50;
const COMPANIES = 500;
const EMPLOYEES = 50_000;
const BIG_EMPLOYEES = 1_000;
const ABSENCES_EACH = 20;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-leave');

type Figures = { title: string; runs: number; p50_ms: number; p99_ms: number; max_ms: number; rows: number; load_average: number[] };

async function main(): Promise<void> {
  console.log(`Rate limit lifted for this run (RATE_LIMIT_MAX=1000000000); data in ${dataDir}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir);
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));

  const today = londonDate(new Date());
  const year = Number(today.slice(0, 4));
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  // Three leave years: the two before this one and this one.
  const firstDay = `${year - 2}-01-01`;

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
    const companyId = await createCompany(trx, { name: 'Big Ltd' });
    const roles = new Map<string, string>();
    for (const template of PRODUCT_ROLES.company) roles.set(template.name, await createRole(trx, { companyId, template }));
    const departments: string[] = [];
    for (let i = 1; i <= 10; i++) departments.push(await createDepartment(trx, { companyId, name: `Department ${i}` }));
    return { companyId, roles, departments };
  });
  const department = big.departments[2] ?? '';
  const employeeRole = big.roles.get('Employee') ?? null;

  // The other 499 companies (each gets its leave types and statutory template from the trigger).
  await step(
    'companies and departments',
    sql`with made as (insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES - 1}) n returning id)
        insert into departments (company_id, name) select made.id, 'Department ' || k from made, generate_series(1, 5) k`,
  );
  await step(
    'big company employees',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id)
        select ${big.companyId}, 'employee-' || n || '@big.test', (array['Amy','Ben','Cat','Dev','Eli','Fay','Gus','Hal'])[1 + n % 8],
          'Surname ' || lpad(n::text, 4, '0'), case when n % 50 = 0 then 'terminated' else 'active' end, ${employeeRole},
          (${sql.val(big.departments)}::uuid[])[1 + n % 10]
        from generate_series(1, ${BIG_EMPLOYEES - 2}) n`,
  );
  await withSystem(ownerDb, async (trx) => {
    const add = (email: string, role: string, departmentId: string | null) =>
      sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        values (${big.companyId}, ${email}, 'Bench', ${role}, 'active', ${big.roles.get(role) ?? null}, ${departmentId}, ${passwordHash})`.execute(
        trx,
      );
    await add('manager@big.test', 'Manager', department);
    await add('employee@big.test', 'Employee', department);
    await add('owner@big.test', 'Owner', null);
  });
  await step(
    'other employees',
    sql`with numbered as (select id, row_number() over (order by id) - 1 as i from companies where name like 'Company %'),
        depts as (select company_id, array_agg(id order by name) as ids from departments group by company_id)
        insert into users (company_id, email, first_name, surname, status, department_id)
        select c.id, 'person-' || n || '@co.test', 'Person', 'Number ' || n, 'active', d.ids[1 + n % 5]
        from generate_series(1, ${EMPLOYEES - BIG_EMPLOYEES}) n
        join numbered c on c.i = n % ${COMPANIES - 1}
        join depts d on d.company_id = c.id`,
  );
  await step(
    'line managers',
    sql`insert into user_line_managers (user_id, manager_id, company_id)
        select u.id, m.id, u.company_id from users u, users m
        where m.email = 'manager@big.test' and u.company_id = m.company_id and u.department_id = ${department} and u.id <> m.id
          and u.email like 'employee-%' order by u.email limit 20`,
  );
  await step(
    'employment details',
    sql`insert into user_employment_details (user_id, company_id, start_date)
        select id, company_id, date '2015-01-01' + (abs(hashtext(id::text)) % 3000) from users where company_id is not null
        on conflict (user_id) do update set start_date = excluded.start_date`,
  );
  await step(
    'working patterns',
    sql`insert into user_working_patterns (company_id, user_id, start_date, mon_hours, tue_hours, wed_hours, thu_hours, fri_hours)
        select company_id, id, date '2015-01-01', 7.5, 7.5, 7.5, 7.5, 7.5 from users u where company_id is not null
          and not exists (select 1 from user_working_patterns w where w.user_id = u.id)`,
  );
  await step(
    'policies',
    sql`insert into user_absence_policies (user_id, company_id, template_id)
        select u.id, u.company_id, t.id from users u join absence_policy_templates t on t.company_id = u.company_id and t.is_default
        on conflict (user_id) do nothing`,
  );
  await step(
    'this year: periods, values, entitlement logs',
    sql`with periods as (
          insert into user_absence_periods (company_id, user_id, template_id, start_date, end_date, unit)
          select p.company_id, p.user_id, p.template_id, ${yearStart}::date, ${yearEnd}::date, 'days' from user_absence_policies p
          on conflict do nothing
          returning id, company_id, user_id),
        vals as (
          insert into user_absence_period_values (company_id, user_id, period_id, leave_type_id, unit, entitlement, balance)
          select p.company_id, p.user_id, p.id, lt.id, 'days', case when lt.key = 'annual_leave' then 28 else 0 end,
            case when lt.key = 'annual_leave' then 28 else 0 end
          from periods p join leave_types lt on lt.company_id = p.company_id and lt.deducted
          returning id, company_id, user_id, entitlement)
        insert into user_absence_period_value_logs (company_id, user_id, value_id, change, kind, reason)
        select company_id, user_id, id, entitlement, 'entitlement', 'Statutory (5.6 weeks): 28 days' from vals`,
  );
  await step(
    `${EMPLOYEES * ABSENCES_EACH} absences`,
    sql`insert into user_absences (company_id, user_id, leave_type_id, period_id, start_date, end_date, duration_type, deduction,
          deduction_unit, status, sickness_category, requested_by, decided_at, created_at)
        select x.company_id, x.user_id, lt.id, case when x.start_date >= ${yearStart}::date then p.id end,
          x.start_date, x.start_date + x.length - 1, 'days', x.length, 'days', x.status,
          case when x.sick then 'cold_flu' end, x.user_id,
          case when x.status in ('approved', 'declined') then x.start_date - 7 end, x.start_date - 14
        from (
          select u.id as user_id, u.company_id, s.h % 8 = 0 as sick,
            ${firstDay}::date + (s.k - 1) * 54 + s.h % 40 as start_date, 1 + s.h % 5 as length,
            case when s.h % 100 < 3 then 'pending' when s.h % 100 < 4 then 'cancellation_requested'
                 when s.h % 100 < 8 then 'declined' when s.h % 100 < 13 then 'cancelled' else 'approved' end as status
          from users u
          cross join lateral (select k, abs(hashtext(u.id::text || ':' || k)) as h from generate_series(1, ${ABSENCES_EACH}) k) s
          where u.company_id is not null
        ) x
        join leave_types lt on lt.company_id = x.company_id and lt.key = case when x.sick then 'sickness' else 'annual_leave' end
        left join user_absence_periods p on p.user_id = x.user_id and p.start_date = ${yearStart}::date`,
  );
  await step(
    'return-to-work switched on',
    sql`insert into company_settings (company_id, return_to_work_enabled) select id, true from companies on conflict do nothing`,
  );
  await step(
    'return-to-work items for ended sickness',
    sql`insert into return_to_work_items (company_id, user_id, absence_id, kind, status, first_day, last_day, submitted_at)
        select a.company_id, a.user_id, a.id, case when a.end_date - a.start_date + 1 <= 7 then 'self_certification' else 'fit_note' end,
          case when a.end_date >= ${addDays(today, -30)}::date then 'awaiting_employee'
               when a.end_date >= ${addDays(today, -60)}::date then 'awaiting_review' else 'closed' end,
          a.start_date, a.end_date, case when a.end_date < ${addDays(today, -30)}::date then a.end_date + 1 end
        from user_absences a join leave_types lt on lt.id = a.leave_type_id
        where lt.key = 'sickness' and a.status = 'approved' and a.end_date < ${today}::date`,
  );
  await step('analyze', sql`analyze`);
  const [counts] = (
    await withSystem(ownerDb, (trx) =>
      sql<{ companies: number; users: number; absences: number; pending: number; rtw: number }>`
        select (select count(*)::int from companies) as companies, (select count(*)::int from users where company_id is not null) as users,
          (select count(*)::int from user_absences) as absences, (select count(*)::int from user_absences where status = 'pending') as pending,
          (select count(*)::int from return_to_work_items) as rtw`.execute(trx),
    )
  ).rows;
  await ownerDb.destroy();
  const seedMs = Math.round(performance.now() - seedStarted);
  console.log(`Seeded ${JSON.stringify(counts)} in ${seedMs} ms`);

  const app = await buildApp({ config, logger, db: database.db });
  await app.ready();
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    const body = res.json<{ auth_token: string }>();
    return { authorization: `Bearer ${body.auth_token}` };
  };
  const manager = await signIn('manager@big.test');
  const employee = await signIn('employee@big.test');
  const owner = await signIn('owner@big.test');
  const employeeId = (
    await withSystem(database.db, (trx) => sql<{ id: string }>`select id from users where email = 'employee@big.test'`.execute(trx))
  ).rows[0]?.id;

  type Answer = Awaited<ReturnType<typeof app.inject>>;
  const measure = async (
    title: string,
    url: string,
    headers: Record<string, string>,
    rowsOf: (res: Answer) => number,
  ): Promise<Figures> => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Math.min(WARM_UP, RUNS); i++) await app.inject({ method: 'GET', url, headers });
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${title}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i === 0) rows = rowsOf(res);
    }
    times.sort((a, b) => a - b);
    const figures = {
      title,
      runs: RUNS,
      p50_ms: round(percentile(times, 50)),
      p99_ms: round(percentile(times, 99)),
      max_ms: round(times.at(-1) ?? 0),
      rows,
      load_average: loadAverage(),
    };
    console.log(
      `${title}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms (${RUNS} runs, ${rows} rows; load ${figures.load_average.join(' ')})`,
    );
    return figures;
  };
  const count = (res: Answer) => res.json<{ count: number }>().count;

  // The floor: a one-row read through the same sign-in check, tenant transaction and JSON, so
  // the figures below can be read as floor + the leave queries.
  const floor = await measure(
    'GET /api/company-settings/{company} (floor: one-row read)',
    `/api/company-settings/${big.companyId}`,
    employee,
    () => 1,
  );
  const approvals = await measure(
    'GET /api/user-absence?status=needApproval&show_relevant_to_me=1 (manager)',
    '/api/user-absence?status=needApproval&show_relevant_to_me=1',
    manager,
    count,
  );
  const balance = await measure(
    'GET /api/user-absence-period?current_only=1 (employee, own balance)',
    `/api/user-absence-period?user_id=${employeeId}&current_only=1`,
    employee,
    count,
  );
  const pendingCount = await measure('GET /api/pending-count (manager)', '/api/pending-count', manager, (res) =>
    Object.values(res.json<Record<string, number>>()).reduce((sum, n) => sum + n, 0),
  );
  const whoAtWork = await measure(
    'GET /api/who-at-work (owner, 1,000 people)',
    '/api/who-at-work',
    owner,
    (res) => res.json<{ absent: unknown[] }>().absent.length,
  );
  const monday = startOfWeek(today);
  const timeline = await measure(
    'GET /api/absence-timeline, 5 weeks (manager)',
    `/api/absence-timeline?from=${monday}&to=${addDays(monday, 34)}`,
    manager,
    (res) => res.json<{ absences: unknown[] }>().absences.length,
  );
  const returnToWork = await measure(
    'GET /api/return-to-work?show_relevant_to_me=1 (manager)',
    '/api/return-to-work?show_relevant_to_me=1',
    manager,
    count,
  );
  await app.close();
  await database.close();

  const targets = {
    approvals_p99_under_30ms: approvals.p99_ms < 30,
    balance_p99_under_10ms: balance.p99_ms < 10,
    pending_count_p99_under_10ms: pendingCount.p99_ms < 10,
  };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    seed: { ...counts, seed_ms: seedMs, big_company_employees: BIG_EMPLOYEES },
    floor,
    approvals,
    balance,
    pending_count: pendingCount,
    who_at_work: whoAtWork,
    timeline,
    return_to_work: returnToWork,
    targets,
  };
  fs.writeFileSync('tests/bench/results/leave.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/leave.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
