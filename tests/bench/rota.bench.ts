// `npm run bench:rota`: a 250-person company (10 departments) with a year of published shifts
// (five a week each, about 65,000) and 1,000,000 absences over the last three years, seeded
// with generate_series on a fresh embedded PostgreSQL. Measured server-side with app.inject
// (token, session, tenant transaction, queries, JSON) after a warm-up:
// - the manager's week grid of their department (`GET /api/rota?from=&to=`): p99 < 50 ms;
// - an employee's "my shifts" (`GET /api/rota/mine`): p99 < 20 ms;
// - the owner's absence report by department over the three years: p99 < 1 s (fewer runs).
// Prints the machine's load average with the figures; writes tests/bench/results/rota.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/app/server/app';
import { createDb, createPool, withSystem } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { createCompany, createDepartment, createRole } from '../../src/modules/auth/server/accounts.queries';
import { absenceAggregateQuery } from '../../src/modules/reports/server/absence-reports.queries';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { addDays, londonDate, startOfWeek } from '../../src/shared/dates';
import { benchConfig, loadAverage, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
const PEOPLE = 250;
const ABSENCES = 1_000_000;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-rota');

async function main(): Promise<void> {
  console.log(`Rate limit lifted for this run (RATE_LIMIT_MAX=1000000000); data in ${dataDir}; load average ${loadAverage().join(' ')}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir);
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));
  const today = londonDate(new Date());
  const monday = startOfWeek(today);
  const yearAgo = addDays(monday, -364);
  const passwordHash = await hashPassword(PASSWORD);
  const seedStarted = performance.now();
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await withSystem(ownerDb, async (trx) => {
      await query.execute(trx);
    });
    console.log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  };

  const company = await withSystem(ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: 'Rota Ltd' });
    const roles = new Map<string, string>();
    for (const template of PRODUCT_ROLES.company) roles.set(template.name, await createRole(trx, { companyId, template }));
    const departments: string[] = [];
    for (let i = 1; i <= 10; i++) departments.push(await createDepartment(trx, { companyId, name: `Department ${i}` }));
    return { companyId, roles, departments };
  });
  const department = company.departments[2] ?? '';
  await step(
    'people',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        select ${company.companyId}, case n when 1 then 'manager@rota.test' when 2 then 'employee@rota.test' when 3 then 'owner@rota.test' else 'person-' || n || '@rota.test' end,
          'Person', 'Number ' || lpad(n::text, 3, '0'), 'active',
          case n when 1 then ${company.roles.get('Manager') ?? null}::uuid when 3 then ${company.roles.get('Owner') ?? null}::uuid else ${company.roles.get('Employee') ?? null}::uuid end,
          case when n <= 2 then ${department}::uuid else (${sql.val(company.departments)}::uuid[])[1 + n % 10] end, ${passwordHash}
        from generate_series(1, ${PEOPLE}) n`,
  );
  await step(
    'pay rates and working patterns',
    sql`with p as (insert into user_pay_rates (company_id, user_id, amount, unit, start_date)
          select company_id, id, 11.44 + (abs(hashtext(id::text)) % 500) / 100.0, 'hour', date '2020-01-01' from users where company_id = ${company.companyId} returning 1)
        insert into user_working_patterns (company_id, user_id, start_date, mon_hours, tue_hours, wed_hours, thu_hours, fri_hours)
        select company_id, id, date '2015-01-01', 7.5, 7.5, 7.5, 7.5, 7.5 from users where company_id = ${company.companyId}`,
  );
  await step(
    'a year of published shifts (five a week each)',
    sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
        select u.company_id, u.id, u.department_id, (d + time '09:00') at time zone 'Europe/London', (d + time '17:00') at time zone 'Europe/London', 30, 'Floor', true, now()
        from users u cross join generate_series(${yearAgo}::date, ${addDays(monday, 13)}::date, interval '1 day') d
        where u.company_id = ${company.companyId} and extract(isodow from d) <= 5`,
  );
  await step(
    `${ABSENCES} absences over three years`,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status, sickness_category)
        select u.company_id, u.id, lt.id, d, d + (k % 3), 'days', 'approved', case when k % 8 = 0 then 'cold_flu' end
        from (select row_number() over (order by id) as i, id, company_id from users where company_id = ${company.companyId}) u
        cross join generate_series(1, ${ABSENCES / PEOPLE}) k
        cross join lateral (select ${addDays(today, -3 * 365)}::date + ((k * 7 + u.i) % 1090)::int as d) x
        join leave_types lt on lt.company_id = u.company_id and lt.key = case when k % 8 = 0 then 'sickness' else 'annual_leave' end`,
  );
  await step('analyze', sql`analyze`);
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
  const measure = async (title: string, url: string, headers: Record<string, string>, runs: number, rowsOf: (body: string) => number) => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Math.min(10, runs); i++) await app.inject({ method: 'GET', url, headers });
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
      load_average: loadAverage(),
    };
    console.log(
      `${title}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms (${runs} runs, ${rows} rows; load ${figures.load_average.join(' ')})`,
    );
    return figures;
  };
  const grid = await measure(
    'manager week grid',
    `/api/rota?from=${monday}&to=${addDays(monday, 6)}`,
    await signIn('manager@rota.test'),
    RUNS,
    (b) => (JSON.parse(b) as { shifts: unknown[] }).shifts.length,
  );
  const mine = await measure(
    'my shifts',
    '/api/rota/mine',
    await signIn('employee@rota.test'),
    RUNS,
    (b) => (JSON.parse(b) as { shifts: unknown[] }).shifts.length,
  );
  const report = await measure(
    'absence report by department, three years',
    `/api/absence-reports/absence?from=${addDays(today, -3 * 365)}&to=${today}&group_by=department`,
    await signIn('owner@rota.test'),
    REPORT_RUNS,
    (b) => (JSON.parse(b) as { totals: { spells: number } }).totals.spells,
  );
  if (process.env.BENCH_EXPLAIN) {
    // The report's plan, to see where its time goes.
    const query = absenceAggregateQuery({
      companyId: company.companyId,
      reach: { companyWide: true },
      filters: { from: addDays(today, -3 * 365), to: today, department_id: [], location_id: [], user_id: [] },
      today,
      group: 'department',
      sicknessOnly: false,
    });
    const planDb = createDb(createPool(database.ownerUrl, { max: 1 }));
    await withSystem(planDb, async (trx) => {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(trx);
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    });
    await planDb.destroy();
  }
  const targets = {
    grid_p99_under_50ms: grid.p99_ms < 50,
    mine_p99_under_20ms: mine.p99_ms < 20,
    report_p99_under_1s: report.p99_ms < 1000,
  };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${os.cpus().length} cores`,
    seed_ms: seedMs,
    grid,
    mine,
    report,
    targets,
  };
  fs.writeFileSync('tests/bench/results/rota.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/rota.json');
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
