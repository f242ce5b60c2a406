// `npm run bench:documents`: documents on a database of 500 companies and 200,000 documents
// (each with a file row and a current version; audiences everyone, departments, named people,
// private to HR, and people's own documents; tags on one in four; a few out for signature).
// Seeded with generate_series on a fresh embedded PostgreSQL. The measured company has 1,000
// employees in 10 departments and 20,000 documents. Measured server-side with app.inject
// (token, session, tenant transaction, queries, JSON) after a warm-up:
// - listing an area for an employee (`document?area=hr`, the first page): p99 < 30 ms;
// - the preview of a two-page template (`POST /api/document-preview`, the statement of main
//   terms for the employee): p99 < 300 ms;
// and, without targets, a search by name or text and the employee's pending count.
// Writes tests/bench/results/documents.json, with the machine's load average.
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
import { benchConfig, percentile, round } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const PREVIEW_RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 100);
const WARM_UP = 30;
const COMPANIES = 500;
const DOCUMENTS = 200_000;
const BIG_DOCUMENTS = 20_000;
const BIG_EMPLOYEES = 1_000;
const OTHER_EMPLOYEES = 19_000;
const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-documents');

type Figures = { title: string; runs: number; p50_ms: number; p99_ms: number; max_ms: number; rows: number };

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
  const department = big.departments[2] ?? '';
  await step(
    'companies and departments',
    sql`with made as (insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES - 1}) n returning id)
        insert into departments (company_id, name) select made.id, 'Department ' || k from made, generate_series(1, 5) k`,
  );
  await step(
    'big company employees',
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id)
        select ${big.companyId}, 'employee-' || n || '@big.test', 'Amy', 'Surname ' || n, 'active', ${big.roles.get('Employee') ?? null},
          (${sql.val(big.departments)}::uuid[])[1 + n % 10]
        from generate_series(1, ${BIG_EMPLOYEES - 2}) n`,
  );
  await withSystem(ownerDb, async (trx) => {
    const add = (email: string, role: string, departmentId: string | null) =>
      sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        values (${big.companyId}, ${email}, 'Bench', ${role}, 'active', ${big.roles.get(role) ?? null}, ${departmentId}, ${passwordHash})`.execute(
        trx,
      );
    await add('employee@big.test', 'Employee', department);
    await add('owner@big.test', 'Owner', null);
  });
  await step(
    'other employees',
    sql`with numbered as (select id, row_number() over (order by id) - 1 as i from companies where name like 'Company %'),
        depts as (select company_id, array_agg(id order by name) as ids from departments group by company_id)
        insert into users (company_id, email, first_name, surname, status, department_id)
        select c.id, 'person-' || n || '@co.test', 'Person', 'Number ' || n, 'active', d.ids[1 + n % 5]
        from generate_series(1, ${OTHER_EMPLOYEES}) n join numbered c on c.i = n % ${COMPANIES - 1} join depts d on d.company_id = c.id`,
  );
  await step(
    'employment details and a working pattern for the employee',
    sql`insert into user_employment_details (user_id, company_id, start_date) select id, company_id, date '2020-01-06' from users where email = 'employee@big.test'`,
  );
  await step(
    'tags',
    sql`insert into document_tags (company_id, name) select c.id, t from companies c, unnest(array['Policy','Handbook','Fire','COSHH','Induction']) t`,
  );
  await step(
    `${DOCUMENTS} documents with files and versions`,
    sql`with src as (
          select n, case when n <= ${BIG_DOCUMENTS} then ${big.companyId}::uuid
                         else (select id from companies where name = 'Company ' || (1 + n % ${COMPANIES - 1})) end as company_id
          from generate_series(1, ${DOCUMENTS}) n),
        placed as (
          select s.n, s.company_id, (select id from users u where u.company_id = s.company_id offset (s.n % 20) limit 1) as person,
                 (select id from departments d where d.company_id = s.company_id offset (s.n % 5) limit 1) as dept
          from src s),
        docs as (
          insert into documents (company_id, area, title, action, audience, audience_ids, subject_user_id, search_text, updated_at)
          select company_id, case when n % 3 = 0 then 'hs' else 'hr' end, 'Document ' || n || case when n % 7 = 0 then ' policy' else '' end,
                 (array['read','acknowledge','sign'])[1 + n % 3],
                 case when n % 10 < 4 then 'everyone' when n % 10 < 7 then 'departments' when n % 10 < 8 then 'people' else 'hr_private' end,
                 case when n % 10 between 4 and 6 then array[dept] when n % 10 = 7 then array[person] else '{}' end,
                 case when n % 25 = 0 then person end,
                 'words of document ' || n, now() - make_interval(mins => n)
          from placed returning id, company_id),
        files as (
          insert into files (company_id, storage_key, original_name, mime_type, size_bytes, sha256)
          select company_id, 'aa/bb/' || gen_random_uuid(), 'document.pdf', 'application/pdf', 20000, repeat('a', 64) from docs
          returning id, company_id),
        paired as (
          select d.id as document_id, d.company_id, f.id as file_id
          from (select id, company_id, row_number() over () as r from docs) d
          join (select id, company_id, row_number() over () as r from files) f on f.r = d.r)
        insert into document_versions (company_id, document_id, number, file_id, sha256)
        select company_id, document_id, 1, file_id, repeat('a', 64) from paired`,
  );
  await step('current versions', sql`update documents d set current_version_id = v.id from document_versions v where v.document_id = d.id`);
  await step(
    'tags on one in four',
    sql`insert into document_tag_links (company_id, document_id, tag_id)
        select d.company_id, d.id, (select t.id from document_tags t where t.company_id = d.company_id limit 1)
        from documents d where abs(hashtext(d.id::text)) % 4 = 0`,
  );
  await step('analyze', sql`analyze`);
  await ownerDb.destroy();
  const seedMs = Math.round(performance.now() - seedStarted);
  console.log(`Seeded ${DOCUMENTS} documents in ${seedMs} ms`);

  const app = await buildApp({ config, logger, db: database.db });
  await app.ready();
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return { authorization: `Bearer ${res.json<{ auth_token: string }>().auth_token}` };
  };
  const employee = await signIn('employee@big.test');
  const owner = await signIn('owner@big.test');
  const employeeId = (
    await withSystem(database.db, (trx) => sql<{ id: string }>`select id from users where email = 'employee@big.test'`.execute(trx))
  ).rows[0]!.id;

  const measure = async (
    title: string,
    runs: number,
    call: () => Promise<Awaited<ReturnType<typeof app.inject>>>,
    rowsOf: (body: string) => number,
  ): Promise<Figures> => {
    for (let i = 0; i < Math.min(WARM_UP, runs); i++) await call();
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await call();
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
  const count = (body: string) => (JSON.parse(body) as { count: number }).count;
  const get = (url: string, headers: Record<string, string>) => async () => app.inject({ method: 'GET', url, headers });

  const listing = await measure('GET /api/document?area=hr (employee, first page)', RUNS, get('/api/document?area=hr', employee), count);
  const search = await measure(
    'GET /api/document?area=hr&search=policy (employee)',
    RUNS,
    get('/api/document?area=hr&search=policy', employee),
    count,
  );
  const ownerListing = await measure('GET /api/document?area=hs (owner, every document)', RUNS, get('/api/document?area=hs', owner), count);
  const pending = await measure(
    'GET /api/pending-count (employee)',
    RUNS,
    get('/api/pending-count', employee),
    (body) => (JSON.parse(body) as { document: number }).document,
  );
  const templates = (await app.inject({ method: 'GET', url: '/api/document-template', headers: owner })).json<{
    results: { id: string; name: string }[];
  }>();
  const terms = templates.results.find((t) => t.name === 'Statement of main terms of employment')!;
  const preview = await measure(
    'POST /api/document-preview (statement of main terms, two pages)',
    PREVIEW_RUNS,
    async () =>
      app.inject({
        method: 'POST',
        url: '/api/document-preview',
        headers: owner,
        payload: {
          document_template_file_id: terms.id,
          user_id: employeeId,
          document_template_file_field_values: { notice_period: 'one month' },
        },
      }),
    (body) => body.length,
  );
  await app.close();
  await database.close();

  const targets = { listing_p99_under_30ms: listing.p99_ms < 30, preview_p99_under_300ms: preview.p99_ms < 300 };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  const loadAverage = os.loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(`Load average (1, 5, 15 min): ${loadAverage.join(', ')} on ${os.cpus().length} cores`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${os.cpus().length} cores`,
    load_average: loadAverage,
    seed: { companies: COMPANIES, documents: DOCUMENTS, big_company_documents: BIG_DOCUMENTS, seed_ms: seedMs },
    listing,
    search,
    owner_listing: ownerListing,
    pending_count: pending,
    preview,
    targets,
  };
  fs.writeFileSync('tests/bench/results/documents.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/documents.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
