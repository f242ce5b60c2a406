// `npm run bench:notices`: the noticeboard and expert articles on a database of 500 companies
// with 10,000 people and 25,000 notices (every fifth addressed to a department, one in ten
// pinned, some scheduled or expired) and about half of each notice's audience having read it,
// plus 500 articles. The measured company has 1,000 people in 10 departments and 200 notices.
// Seeded with generate_series on a fresh embedded PostgreSQL. Measured server-side with
// app.inject (token, session, tenant transaction, queries, JSON), after a warm-up:
// - an employee's noticeboard (GET /api/notices): p99 < 30 ms;
// - the dashboard card (GET /api/notices?unread=1&limit=5): p99 < 30 ms;
// - a notice's read receipts for the owner (1,000 people): p99 < 60 ms;
// - an article search (GET /api/article?search=…): p99 < 20 ms.
// Prints the load average beside the figures; writes tests/bench/results/notices.json.
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
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { benchConfig, loadAverage, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const WARM_UP = 30;
const COMPANIES = 500;
const PEOPLE_EACH = 20;
const NOTICES_EACH = 50;
const BIG_PEOPLE = 1_000;
const BIG_NOTICES = 200;
const ARTICLES = 500;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-notices');

type Figures = { title: string; runs: number; p50_ms: number; p99_ms: number; max_ms: number; rows: number; load_average: number[] };

async function main(): Promise<void> {
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
  await step(
    'companies and departments',
    sql`with made as (insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES - 1}) n returning id)
        insert into departments (company_id, name) select made.id, 'Department ' || k from made, generate_series(1, 5) k`,
  );
  await step(
    'big company people',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id)
        select ${big.companyId}, 'person-' || n || '@big.test', 'Person', 'Number ' || n, 'active', ${big.roles.get('Employee') ?? null},
          (${sql.val(big.departments)}::uuid[])[1 + n % 10]
        from generate_series(1, ${BIG_PEOPLE - 2}) n`,
  );
  await withSystem(ownerDb, async (trx) => {
    for (const [email, role, department] of [
      ['employee@big.test', 'Employee', big.departments[3] ?? null],
      ['owner@big.test', 'Owner', null],
    ] as const) {
      await sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        values (${big.companyId}, ${email}, 'Bench', ${role}, 'active', ${big.roles.get(role) ?? null}, ${department}, ${passwordHash})`.execute(
        trx,
      );
    }
  });
  await step(
    'other people',
    sql`with numbered as (select id, row_number() over (order by id) - 1 as i from companies where name like 'Company %'),
        depts as (select company_id, array_agg(id order by name) as ids from departments group by company_id)
        insert into users (company_id, email, first_name, surname, status, department_id)
        select c.id, 'person-' || n || '@co.test', 'Person', 'Number ' || n, 'active', d.ids[1 + n % 5]
        from generate_series(1, ${(COMPANIES - 1) * PEOPLE_EACH}) n
        join numbered c on c.i = n % ${COMPANIES - 1}
        join depts d on d.company_id = c.id`,
  );
  await step(
    'notices',
    sql`with depts as (select company_id, array_agg(id order by name) as ids from departments group by company_id)
        insert into notices (company_id, title, body, audience, department_ids, publish_at, published_at, expires_on, pinned, acknowledgement_required)
        select c.id, 'Notice ' || k, '<p>Notice number ' || k || ' about the <strong>fire drill</strong> and other news.</p>',
          case when k % 5 = 0 then 'departments' else 'everyone' end,
          case when k % 5 = 0 then array[d.ids[1 + k % array_length(d.ids, 1)]] else '{}'::uuid[] end,
          now() - (k || ' hours')::interval + case when k % 25 = 0 then interval '30 days' else interval '0' end,
          case when k % 25 = 0 then null else now() - (k || ' hours')::interval end,
          case when k % 17 = 0 then current_date - 1 end, k % 10 = 0, k % 3 = 0
        from companies c join depts d on d.company_id = c.id
        cross join lateral generate_series(1, case when c.id = ${big.companyId}::uuid then ${BIG_NOTICES}::int else ${NOTICES_EACH}::int end) k`,
  );
  await step(
    'receipts (about half of each audience)',
    sql`insert into notice_receipts (notice_id, user_id, company_id, read_at, acknowledged_at)
        select n.id, u.id, n.company_id, n.published_at + interval '1 hour',
          case when n.acknowledgement_required and abs(hashtext(u.id::text || n.id::text)) % 3 > 0 then n.published_at + interval '2 hours' end
        from notices n join users u on u.company_id = n.company_id
        where n.published_at is not null and abs(hashtext(n.id::text || u.id::text)) % 2 = 0
          and (n.audience = 'everyone' or u.department_id = any (n.department_ids))`,
  );
  await step(
    'articles',
    sql`insert into articles (title, summary, body, category, tags, area, status, published_on)
        select 'Guidance ' || k || (array[' on sickness absence', ' on fire safety', ' on holiday pay', ' on manual handling'])[1 + k % 4],
          'A summary of guidance ' || k, '<p>' || repeat('Employers should keep records and review them regularly. ', 40) ||
          (array['Fit notes and statutory sick pay.', 'Fire alarms and evacuation.', 'Regular overtime counts.', 'Lifting and carrying.'])[1 + k % 4] || '</p>',
          'Category ' || (k % 12), array['tag' || (k % 7)], case when k % 2 = 0 then 'hr' else 'hs' end,
          case when k % 10 = 0 then 'draft' else 'published' end, current_date - k
        from generate_series(1, ${ARTICLES}) k`,
  );
  await step('analyze', sql`analyze`);
  const [counts] = (
    await withSystem(ownerDb, (trx) =>
      sql<{ companies: number; users: number; notices: number; receipts: number; articles: number }>`
        select (select count(*)::int from companies) as companies, (select count(*)::int from users) as users,
          (select count(*)::int from notices) as notices, (select count(*)::int from notice_receipts) as receipts,
          (select count(*)::int from articles) as articles`.execute(trx),
    )
  ).rows;
  const [sample] = (
    await withSystem(ownerDb, (trx) =>
      sql<{ id: string }>`select id from notices where company_id = ${big.companyId} and audience = 'everyone'
        and published_at is not null order by publish_at desc limit 1`.execute(trx),
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
  const employee = await signIn('employee@big.test');
  const owner = await signIn('owner@big.test');

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

  const floor = await measure(
    'GET /api/company-settings/{company} (floor: one-row read)',
    `/api/company-settings/${big.companyId}`,
    employee,
    () => 1,
  );
  const board = await measure('GET /api/notices (employee, 1,000 people, 200 notices)', '/api/notices', employee, count);
  const unread = await measure('GET /api/notices?unread=1&limit=5 (dashboard card)', '/api/notices?unread=1&limit=5', employee, count);
  const receipts = await measure(
    `GET /api/notices/{id}/receipts (owner, 1,000 addressed)`,
    `/api/notices/${sample?.id}/receipts`,
    owner,
    (res) => res.json<{ audience: number }>().audience,
  );
  const search = await measure('GET /api/article?search=sick pay (500 articles)', '/api/article?search=sick%20pay', employee, count);
  await app.close();
  await database.close();

  const targets = {
    noticeboard_p99_under_30ms: board.p99_ms < 30,
    unread_card_p99_under_30ms: unread.p99_ms < 30,
    receipts_p99_under_60ms: receipts.p99_ms < 60,
    article_search_p99_under_20ms: search.p99_ms < 20,
  };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${os.cpus().length} cores, node ${process.version}`,
    load_average: loadAverage(),
    seed: { ...counts, seed_ms: seedMs },
    floor,
    noticeboard: board,
    unread_card: unread,
    receipts,
    article_search: search,
    targets,
  };
  fs.writeFileSync('tests/bench/results/notices.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/notices.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
