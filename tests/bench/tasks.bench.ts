// `npm run bench:tasks`: HR and H&S tasks on a database of 500 companies, 20,000 people and
// 200,000 tasks (half HR, half H&S; a third done; some overdue; one in five repeating), each open
// task with its reminders and a few checklist items. Seeded with generate_series on a fresh
// embedded PostgreSQL. The measured company has 1,000 people in 10 departments; its employee
// holds ~400 tasks and its manager runs ~100 people. Measured server-side with app.inject
// (token, session, tenant transaction, queries, JSON), 1,000 runs each after a warm-up:
// - "my tasks" (`/api/hs-task?view=mine&status[]=open`) for the employee: p99 < 30 ms;
// - the pending count (every badge) for the employee: p99 < 30 ms;
// and, without targets, the manager's "tasks I manage" and the reminder sweep with nothing due.
// Prints the machine's load average; writes tests/bench/results/tasks.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createCompany, createDepartment, createRole } from '../../src/modules/auth/server/accounts.queries';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { sendDueTaskReminders } from '../../src/modules/tasks/server/task-reminders';
import { buildApp } from '../../src/app/server/app';
import { createDb, createPool, withSystem } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { londonDate } from '../../src/shared/dates';
import { benchConfig, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const WARM_UP = 50;
const COMPANIES = 500;
const PEOPLE = 20_000;
const BIG_PEOPLE = 1_000;
const TASKS = 200_000;
const MINE = 400;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-tasks');

type Figures = { title: string; runs: number; p50_ms: number; p99_ms: number; max_ms: number; rows: number };

async function main(): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir);
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));
  const today = londonDate(new Date());
  const passwordHash = await hashPassword(PASSWORD);
  const seedStarted = performance.now();
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
    'companies',
    sql`with made as (insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES - 1}) n returning id)
        insert into departments (company_id, name) select made.id, 'Department ' || k from made, generate_series(1, 5) k`,
  );
  await step(
    'big company people',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id)
        select ${big.companyId}, 'person-' || n || '@big.test', 'Person', 'Number ' || n, 'active', ${big.roles.get('Employee') ?? null},
          (${sql.val(big.departments)}::uuid[])[1 + n % 10]
        from generate_series(1, ${BIG_PEOPLE - 3}) n`,
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
    'other people',
    sql`with numbered as (select id, row_number() over (order by id) - 1 as i from companies where name like 'Company %'),
        depts as (select company_id, array_agg(id order by name) as ids from departments group by company_id)
        insert into users (company_id, email, first_name, surname, status, department_id)
        select c.id, 'person-' || n || '@co.test', 'Person', 'Number ' || n, 'active', d.ids[1 + n % 5]
        from generate_series(1, ${PEOPLE - BIG_PEOPLE}) n
        join numbered c on c.i = n % ${COMPANIES - 1}
        join depts d on d.company_id = c.id`,
  );
  // The employee's own tasks first, then the rest spread over everyone.
  const taskColumns = sql`(company_id, area, title, assignee_id, created_by, due_date, priority, recurrence, reminder_days, status, completed_at, series_id)`;
  const taskValues = (n: ReturnType<typeof sql>) => sql`
    case when ${n} % 2 = 0 then 'hr' else 'hs' end,
    'Task ' || ${n},
    u.id, u.id,
    ${today}::date + ((${n} % 120) - 40),
    (array['low','normal','high'])[1 + ${n} % 3],
    case when ${n} % 5 = 0 then 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO' else null end,
    '{7,1}',
    case when ${n} % 3 = 0 then 'done' else 'open' end,
    case when ${n} % 3 = 0 then now() else null end,
    gen_random_uuid()`;
  await step(
    `the employee's ${MINE} tasks`,
    sql`insert into tasks ${taskColumns}
        select u.company_id, ${taskValues(sql`n`)} from generate_series(1, ${MINE}) n, users u where u.email = 'employee@big.test'`,
  );
  await step(
    'the other tasks',
    sql`with people as (select id, company_id, row_number() over (order by id) - 1 as i from users where company_id is not null)
        insert into tasks ${taskColumns}
        select u.company_id, ${taskValues(sql`n`)} from generate_series(1, ${TASKS - MINE}) n join people u on u.i = n % ${PEOPLE}`,
  );
  await step(
    'reminders of open tasks',
    sql`insert into task_reminders (company_id, task_id, kind, days_before, due_at, sent_at)
        select t.company_id, t.id, 'before', d, (t.due_date - d) + time '09:00', case when t.due_date - d < ${today}::date then now() end
        from tasks t, unnest(array[7, 1]) d where t.status = 'open'`,
  );
  await step(
    'checklist items',
    sql`insert into task_checklist_items (company_id, task_id, position, label)
        select t.company_id, t.id, k, 'Step ' || k from tasks t, generate_series(1, 3) k where t.title like '%0'`,
  );
  await step('analyse', sql`analyze`);
  const seedMs = Math.round(performance.now() - seedStarted);
  console.log(`Seeded in ${seedMs} ms`);

  const app = await buildApp({ config, logger, db: database.db });
  await app.ready();
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return { authorization: `Bearer ${res.json<{ auth_token: string }>().auth_token}` };
  };
  const employee = await signIn('employee@big.test');
  const manager = await signIn('manager@big.test');

  const measure = async (
    title: string,
    url: string,
    headers: Record<string, string>,
    rowsOf: (body: string) => number,
  ): Promise<Figures> => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Math.min(WARM_UP, RUNS); i++) await app.inject({ method: 'GET', url, headers });
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${title}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i === 0) rows = rowsOf(res.body);
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
    console.log(`${title}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms (${RUNS} runs, ${rows} rows)`);
    return figures;
  };
  const count = (body: string) => (JSON.parse(body) as { count: number }).count;

  const loadBefore = os.loadavg();
  const mine = await measure(
    'GET /api/hs-task?view=mine&status[]=open (employee, my tasks)',
    '/api/hs-task?view=mine&status[]=open',
    employee,
    count,
  );
  const pending = await measure('GET /api/pending-count (employee)', '/api/pending-count', employee, (body) =>
    Object.values(JSON.parse(body) as Record<string, number>).reduce((sum, n) => sum + n, 0),
  );
  const managed = await measure(
    'GET /api/hs-task?view=managed&status[]=overdue (manager)',
    '/api/hs-task?view=managed&status[]=overdue',
    manager,
    count,
  );
  // Reminders due earlier today are still unsent (the seed marks only earlier days sent), so the
  // first sweep sends them all; the second finds nothing due.
  const sweepStarted = performance.now();
  const swept = await sendDueTaskReminders(database.db);
  const sweepMs = round(performance.now() - sweepStarted);
  const idleStarted = performance.now();
  await sendDueTaskReminders(database.db);
  const idleSweepMs = round(performance.now() - idleStarted);
  console.log(
    `Reminder sweep: ${swept} sent in ${sweepMs} ms (${round(sweepMs / Math.max(1, swept))} ms each); again with nothing due: ${idleSweepMs} ms`,
  );
  const loadAfter = os.loadavg();
  console.log(
    `Load average (1, 5, 15 min): before ${loadBefore.map((n) => n.toFixed(2)).join(', ')}; after ${loadAfter.map((n) => n.toFixed(2)).join(', ')}`,
  );
  await app.close();
  await ownerDb.destroy();
  await database.close();

  const targets = { my_tasks_p99_under_30ms: mine.p99_ms < 30, pending_count_p99_under_30ms: pending.p99_ms < 30 };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${os.cpus().length} cores`,
    load_average: { before: loadBefore, after: loadAfter },
    seed: { companies: COMPANIES, people: PEOPLE, tasks: TASKS, employee_tasks: MINE, seed_ms: seedMs },
    my_tasks: mine,
    pending_count: pending,
    managed,
    reminder_sweep: { sent: swept, ms: sweepMs, nothing_due_ms: idleSweepMs },
    targets,
  };
  fs.writeFileSync('tests/bench/results/tasks.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/tasks.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
