// `npm run bench:expenses`: expenses on a database of 500 companies, 100,000 claims and
// 300,000 items (every state; one claim in six mileage), seeded with generate_series on a fresh
// embedded PostgreSQL. The measured company has 250 people in 10 departments and 10,000 of the
// claims; its manager runs one department of ~25 people and line-manages 10 of them. Measured
// server-side with app.inject (token, session, tenant transaction, queries, JSON), BENCH_RUNS
// (1,000) runs each after a warm-up:
// - the approver's list (`view=approve`) for the manager: p99 < 30 ms;
// - one claim with its items, receipts and history; the pending count; the employee's own list;
// - and the payroll side: approved, not yet exported totals per person for the 250-person
//   company (expensesForPayroll), timed in its own transaction (target < 1 s with the period).
// Prints the load average with the figures; writes tests/bench/results/expenses.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createCompany, createDepartment, createRole } from '../../src/modules/auth/server/accounts.queries';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { expensesForPayroll } from '../../src/modules/expenses/server/expenses-payroll.service';
import { buildApp } from '../../src/app/server/app';
import { createDb, createPool, withSystem, withTenant } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { benchConfig, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const WARM_UP = 50;
const COMPANIES = 500;
const PEOPLE = 10_000;
const BIG_PEOPLE = 250;
const CLAIMS = 100_000;
const BIG_CLAIMS = 10_000;
const ITEMS_EACH = 3;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-expenses');

type Figures = { title: string; runs: number; p50_ms: number; p99_ms: number; max_ms: number; rows: number };
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  console.log(`Load average before: ${load()}; data in ${dataDir}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir);
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));
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
  await step(
    'companies and departments',
    sql`with made as (insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES - 1}) n returning id)
        insert into departments (company_id, name) select made.id, 'Department ' || k from made, generate_series(1, 5) k`,
  );
  await step(
    'big company people',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id)
        select ${big.companyId}, 'employee-' || n || '@big.test', 'Amy', 'Surname ' || lpad(n::text, 4, '0'), 'active',
          ${big.roles.get('Employee') ?? null}, (${sql.val(big.departments)}::uuid[])[1 + n % 10]
        from generate_series(1, ${BIG_PEOPLE - 2}) n`,
  );
  await withSystem(ownerDb, async (trx) => {
    const add = (email: string, role: string, departmentId: string | null) =>
      sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        values (${big.companyId}, ${email}, 'Bench', ${role}, 'active', ${big.roles.get(role) ?? null}, ${departmentId}, ${passwordHash})`.execute(
        trx,
      );
    await add('manager@big.test', 'Manager', department);
    await add('employee@big.test', 'Employee', department);
  });
  await step(
    'other people',
    sql`with numbered as (select id, row_number() over (order by id) - 1 as i from companies where name like 'Company %'),
        depts as (select company_id, array_agg(id order by name) as ids from departments group by company_id)
        insert into users (company_id, email, first_name, surname, status, department_id)
        select c.id, 'person-' || n || '@co.test', 'Person', 'Number ' || n, 'active', d.ids[1 + n % 5]
        from generate_series(1, ${PEOPLE - BIG_PEOPLE}) n join numbered c on c.i = n % ${COMPANIES - 1} join depts d on d.company_id = c.id`,
  );
  await step(
    'line managers',
    sql`insert into user_line_managers (user_id, manager_id, company_id)
        select u.id, m.id, u.company_id from users u, users m
        where m.email = 'manager@big.test' and u.company_id = m.company_id and u.department_id = ${department} and u.id <> m.id
          and u.email like 'employee-%' order by u.email limit 10`,
  );
  // Claims: BIG_CLAIMS for the big company, the rest over everyone else; ~4% submitted.
  await step(
    `${CLAIMS} claims`,
    sql`with people as (
          select id, company_id, row_number() over (partition by company_id = ${big.companyId} order by id) - 1 as i,
                 company_id = ${big.companyId} as is_big
          from users where company_id is not null),
        wanted as (
          -- Who claims: the person numbered g modulo the group's size (a hash join, not a loop over everyone).
          select g, g <= ${BIG_CLAIMS} as is_big, g % case when g <= ${BIG_CLAIMS} then ${sql.lit(BIG_PEOPLE)} else ${sql.lit(PEOPLE - BIG_PEOPLE)} end as i
          from generate_series(1, ${CLAIMS}) g)
        insert into expense_claims (company_id, user_id, claim_type, description, status, total_pence, approved_pence, taxable_pence,
          first_date, last_date, submitted_at, decided_at, created_at)
        select p.company_id, p.id, case when w.g % 6 = 0 then 'mileage' else 'expense' end, 'Claim ' || w.g,
          s.status, 3 * (500 + w.g % 5000),
          case when s.status in ('approved', 'partly_approved', 'paid', 'exported') then 3 * (500 + w.g % 5000) - (case when s.status = 'partly_approved' then 200 else 0 end) end,
          0, date '2026-01-01' + w.g % 300, date '2026-01-01' + w.g % 300 + 2,
          case when s.status <> 'draft' then timestamptz '2026-01-01' + (w.g % 300) * interval '1 day' end,
          case when s.status not in ('draft', 'submitted') then timestamptz '2026-01-03' + (w.g % 300) * interval '1 day' end,
          timestamptz '2026-01-01' + (w.g % 300) * interval '1 day'
        from wanted w
        cross join lateral (select case when w.g % 100 < 4 then 'submitted' when w.g % 100 < 8 then 'draft' when w.g % 100 < 10 then 'rejected'
          when w.g % 100 < 15 then 'partly_approved' when w.g % 100 < 40 then 'approved' when w.g % 100 < 70 then 'paid' else 'exported' end as status) s
        join people p on p.is_big = w.is_big and p.i = w.i`,
  );
  await step(
    `${CLAIMS * ITEMS_EACH} items`,
    sql`insert into expense_items (company_id, claim_id, position, date, expense_type_id, description, supplier, gross_pence, vat_pence,
          approved_pence, hmrc_pence, miles_tenths, vehicle, from_place, to_place, purpose, calculation)
        select c.company_id, c.id, k, c.first_date + k, case when c.claim_type = 'expense' then t.id end, 'Item ' || k, 'Supplier',
          c.total_pence / 3, case when c.claim_type = 'expense' then c.total_pence / 18 else 0 end,
          case when c.approved_pence is not null then c.approved_pence / 3 end,
          case when c.claim_type = 'mileage' then c.total_pence / 3 end,
          case when c.claim_type = 'mileage' then 100 + k end, case when c.claim_type = 'mileage' then 'car' end,
          case when c.claim_type = 'mileage' then 'Office' else '' end, case when c.claim_type = 'mileage' then 'Client' else '' end,
          case when c.claim_type = 'mileage' then 'Visit' else '' end, null
        from expense_claims c cross join generate_series(0, ${ITEMS_EACH - 1}) k
        left join lateral (select id from expense_types where company_id = c.company_id order by name limit 1) t on true`,
  );
  await step(
    'events',
    sql`insert into expense_claim_events (company_id, claim_id, actor_id, action) select company_id, id, user_id, 'created' from expense_claims`,
  );
  await step('analyze', sql`analyze`);
  const [counts] = (
    await withSystem(ownerDb, (trx) =>
      sql<{ companies: number; users: number; claims: number; items: number; submitted: number }>`
        select (select count(*)::int from companies) as companies, (select count(*)::int from users where company_id is not null) as users,
          (select count(*)::int from expense_claims) as claims, (select count(*)::int from expense_items) as items,
          (select count(*)::int from expense_claims where status = 'submitted') as submitted`.execute(trx),
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
    return { authorization: `Bearer ${res.json<{ auth_token: string }>().auth_token}` };
  };
  const manager = await signIn('manager@big.test');
  const employee = await signIn('employee@big.test');

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
    };
    console.log(
      `${title}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms (${RUNS} runs, ${rows} rows; load ${load()})`,
    );
    return figures;
  };
  const count = (res: Answer) => res.json<{ count: number }>().count;

  const approvals = await measure('GET /api/user-expense?view=approve (manager)', '/api/user-expense?view=approve', manager, count);
  const firstWaiting = (await app.inject({ method: 'GET', url: '/api/user-expense?view=approve&limit=1', headers: manager })).json<{
    results: { id: string }[];
  }>().results[0]?.id;
  const detail = await measure('GET /api/user-expense/{id} (manager, 3 items)', `/api/user-expense/${firstWaiting}`, manager, () => 1);
  const pending = await measure(
    'GET /api/pending-count (manager)',
    '/api/pending-count',
    manager,
    (res) => res.json<{ user_expense: number }>().user_expense,
  );
  const mine = await measure('GET /api/user-expense?view=mine (employee)', '/api/user-expense?view=mine', employee, count);

  const payrollTimes: number[] = [];
  let payrollPeople = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const totals = await withTenant(database.db, big.companyId, (trx) =>
      expensesForPayroll(trx, { companyId: big.companyId, from: '2026-01-01', to: '2026-12-31' }),
    );
    payrollTimes.push(performance.now() - started);
    payrollPeople = totals.length;
  }
  payrollTimes.sort((a, b) => a - b);
  const payroll = {
    title: 'expensesForPayroll (250-person company, a year)',
    runs: 20,
    p50_ms: round(percentile(payrollTimes, 50)),
    max_ms: round(payrollTimes.at(-1) ?? 0),
    people: payrollPeople,
  };
  console.log(`${payroll.title}: p50 ${payroll.p50_ms} ms, max ${payroll.max_ms} ms (${payrollPeople} people; load ${load()})`);
  await app.close();
  await database.close();

  const targets = { approvals_p99_under_30ms: approvals.p99_ms < 30, payroll_expenses_under_1s: payroll.max_ms < 1000 };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${os.cpus().length} cores`,
    load_average: os.loadavg(),
    seed: { ...counts, seed_ms: seedMs, big_company_people: BIG_PEOPLE, big_company_claims: BIG_CLAIMS },
    approvals,
    detail,
    pending_count: pending,
    my_claims: mine,
    payroll,
    targets,
  };
  fs.writeFileSync('tests/bench/results/expenses.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/expenses.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
