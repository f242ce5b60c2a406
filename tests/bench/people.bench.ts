// `npm run bench:people`: the employee directory on a database of 500 small companies plus one
// of 2,000 employees (10 departments, 5 locations, 8 tags), seeded with generate_series on a
// fresh embedded PostgreSQL. Measured server-side with app.inject (the whole request: token,
// session, tenant transaction, query, JSON): a directory page with a department filter, the
// same for a manager (department scope) and with a search, and exports of all 2,000 rows as
// CSV and XLSX. The rate limit is lifted through RATE_LIMIT_MAX for the run.
// Writes tests/bench/results/people.json.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
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
import { benchConfig, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);
const EMPLOYEES = 2_000;
const COMPANIES = 500;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-people');

type Figures = { title: string; runs: number; p50_ms: number; p99_ms: number; max_ms: number; rows: number };

async function main(): Promise<void> {
  console.log(`Rate limit lifted for this run (RATE_LIMIT_MAX=1000000000); data in ${dataDir}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir, { SEED_DEMO: process.env.SEED_DEMO });
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));

  const seedStarted = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  const big = await withSystem(ownerDb, async (trx) => {
    await sql`insert into companies (name) select 'Small company ' || n from generate_series(1, ${COMPANIES}) n`.execute(trx);
    await sql`insert into users (company_id, email, first_name, surname, status)
      select c.id, 'small-' || c.id || '-' || k || '@bench.test', 'Small', 'Person ' || k, 'active'
      from companies c, generate_series(1, 5) k where c.name like 'Small company %'`.execute(trx);
    const companyId = await createCompany(trx, { name: 'Big Ltd' });
    const roles = new Map<string, string>();
    for (const template of PRODUCT_ROLES.company) roles.set(template.name, await createRole(trx, { companyId, template }));
    const departments: string[] = [];
    for (let i = 1; i <= 10; i++) departments.push(await createDepartment(trx, { companyId, name: `Department ${i}` }));
    await sql`insert into company_locations (company_id, name) select ${companyId}, 'Location ' || n from generate_series(1, 5) n`.execute(
      trx,
    );
    await sql`insert into user_tags (company_id, name) select ${companyId}, 'Tag ' || n from generate_series(1, 8) n`.execute(trx);
    await sql`
      insert into users (company_id, email, first_name, surname, status, role_id, department_id, location_id, job_title)
      select ${companyId}, 'employee-' || n || '@big.test', (array['Amy','Ben','Cat','Dev','Eli','Fay','Gus','Hal'])[1 + n % 8],
        'Surname ' || lpad(n::text, 4, '0'), (array['active','active','active','active','invited','pending','terminated'])[1 + n % 7],
        ${roles.get('Employee')}, (${sql.val(departments)}::uuid[])[1 + n % 10],
        (select id from company_locations l where l.company_id = ${companyId} order by name offset n % 5 limit 1), 'Job ' || (n % 40)
      from generate_series(1, ${EMPLOYEES}) n`.execute(trx);
    await sql`insert into user_employment_details (user_id, company_id, start_date)
      select id, company_id, date '2015-01-01' + (abs(hashtext(id::text)) % 3650) from users where company_id = ${companyId}`.execute(trx);
    await sql`insert into user_user_tags (user_id, tag_id, company_id)
      select u.id, t.id, u.company_id from users u join user_tags t on t.company_id = u.company_id
      where u.company_id = ${companyId} and abs(hashtext(u.id::text || t.id::text)) % 4 = 0`.execute(trx);
    const add = async (email: string, role: string, departmentId: string | null) =>
      sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        values (${companyId}, ${email}, 'Bench', ${role}, 'active', ${roles.get(role)}, ${departmentId}, ${passwordHash})`.execute(trx);
    await add('owner@big.test', 'Owner', null);
    await add('manager@big.test', 'Manager', departments[2] ?? null);
    return { companyId, department: departments[2] ?? '' };
  });
  await sql`analyze`.execute(ownerDb);
  await ownerDb.destroy();
  const seedMs = Math.round(performance.now() - seedStarted);
  console.log(`Seeded ${COMPANIES} companies of 5 and one of ${EMPLOYEES} employees in ${seedMs} ms`);

  const app = await buildApp({ config, logger, db: database.db });
  await app.ready();
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return { authorization: `Bearer ${res.json<{ auth_token: string }>().auth_token}` };
  };
  const owner = await signIn('owner@big.test');
  const manager = await signIn('manager@big.test');

  type Answer = Awaited<ReturnType<typeof app.inject>>;
  const listCount = (res: Answer) => res.json<{ count: number }>().count;
  const csvRows = (res: Answer) => res.body.trim().split('\r\n').length - 1;
  const xlsxRows = async (res: Answer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return (workbook.getWorksheet('Employees')?.rowCount ?? 1) - 1;
  };
  const measure = async (
    title: string,
    url: string,
    headers: Record<string, string>,
    runs: number,
    rowsOf: (res: Answer) => number | Promise<number>,
  ): Promise<Figures> => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Math.min(50, runs); i++) await app.inject({ method: 'GET', url, headers });
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${title}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i === 0) rows = await rowsOf(res);
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

  const byDepartment = `/api/user-basic?limit=20&department_id[]=${big.department}`;
  const directory = await measure('GET /api/user-basic, department filter, page 1 (owner)', byDepartment, owner, RUNS, listCount);
  const deepPage = await measure(
    'GET /api/user-basic, department filter, page 5 sorted by start date',
    `${byDepartment}&offset=80&sort=start_date`,
    owner,
    RUNS,
    listCount,
  );
  const managerPage = await measure(
    'GET /api/user-basic page 1 (manager, department scope)',
    '/api/user-basic?limit=20',
    manager,
    RUNS,
    listCount,
  );
  const search = await measure(
    'GET /api/user-basic?search=amy surname 01 (owner)',
    '/api/user-basic?limit=20&search=amy%20surname%2001',
    owner,
    RUNS,
    listCount,
  );
  const csv = await measure(
    'GET /api/user-export?format=csv, every status (2,000 rows)',
    '/api/user-export?format=csv&status[]=active&status[]=invited&status[]=pending&status[]=terminated',
    owner,
    EXPORT_RUNS,
    csvRows,
  );
  const xlsx = await measure(
    'GET /api/user-export?format=xlsx, every status (2,000 rows)',
    '/api/user-export?format=xlsx&status[]=active&status[]=invited&status[]=pending&status[]=terminated',
    owner,
    EXPORT_RUNS,
    xlsxRows,
  );
  await app.close();
  await database.close();

  const targets = {
    directory_p99_under_30ms: [directory, deepPage, managerPage, search].every((f) => f.p99_ms < 30),
    export_csv_under_2s: csv.max_ms < 2_000,
    export_xlsx_under_2s: xlsx.max_ms < 2_000,
  };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    seed: { companies: COMPANIES + 1, employees_in_big_company: EMPLOYEES, seed_ms: seedMs },
    directory,
    directory_deep_page: deepPage,
    directory_manager: managerPage,
    directory_search: search,
    export_csv: csv,
    export_xlsx: xlsx,
    targets,
  };
  fs.writeFileSync('tests/bench/results/people.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/people.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
