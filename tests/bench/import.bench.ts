// `npm run bench:import`: importing people from a spreadsheet (Settings → Import people) on a
// fresh embedded PostgreSQL: one company (owner, the default absence policy, no departments
// yet), then a BrightHR-like CSV of 500 and of 5,000 people — every column the import knows,
// the departments, locations and job titles created by the import, a line manager from the
// file, an allowance and leave taken for everyone — read (POST parse), previewed and imported
// all or nothing (POST /api/people-import, its NDJSON progress read to the end); then the
// 500-person file imported again (every row an update). Measured server-side with app.inject,
// with the machine's load average before and after each step, since this machine is shared.
// The rate limit is lifted through RATE_LIMIT_MAX for the run. Target: 500 rows under 10 s.
// Writes tests/bench/results/import.json.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/app/server/app';
import { createDb, createPool, withSystem } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { createCompany, createRole } from '../../src/modules/auth/server/accounts.queries';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import type { ImportStreamLine, ParsedSpreadsheet, ImportPreview } from '../../src/modules/employees/people-import.contract';
import { peopleCsv } from '../support/people-import-fixtures';
import { multipartBody } from '../support/upload-fixtures';
import { benchConfig, loadAverage, round } from './bench-support';

const PASSWORD = 'bench-password';
const dataDir = path.resolve('.tmp/bench-import');

type Step = { ms: number; load_before: number[]; load_after: number[] };
type Figures = {
  rows: number;
  file_bytes: number;
  parse: Step;
  preview: Step;
  import: Step;
  progress_lines: number;
  created: number;
  updated: number;
};

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; step: Step }> {
  const before = loadAverage();
  const started = performance.now();
  const value = await work();
  return { value, step: { ms: round(performance.now() - started), load_before: before, load_after: loadAverage() } };
}

async function main(): Promise<void> {
  console.log(`Rate limit lifted for this run (RATE_LIMIT_MAX=1000000000); data in ${dataDir}`);
  console.log(`Load average at start (1, 5, 15 min): ${loadAverage().join(', ')}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(dataDir, { SEED_DEMO: process.env.SEED_DEMO });
  const logger = createLogger(config);
  const database = await openDatabase(config, logger, { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));
  const passwordHash = await hashPassword(PASSWORD);
  await withSystem(ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: 'Import Ltd' });
    const roles = new Map<string, string>();
    for (const template of PRODUCT_ROLES.company) roles.set(template.name, await createRole(trx, { companyId, template }));
    await sql`insert into users (company_id, email, first_name, surname, status, role_id, password_hash)
      values (${companyId}, 'owner@import.bench', 'Bench', 'Owner', 'active', ${roles.get('Owner')}, ${passwordHash})`.execute(trx);
  });
  await ownerDb.destroy();

  const app = await buildApp({ config, logger, db: database.db });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'owner@import.bench', password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const auth = { authorization: `Bearer ${login.json<{ auth_token: string }>().auth_token}` };

  const importFile = async (rows: number, domain: string): Promise<Figures> => {
    const file = Buffer.from(peopleCsv({ rows, domain }));
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'people.csv', data: file }]);
    const parse = await timed(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/people-import/parse', payload, headers: { ...headers, ...auth } });
      if (res.statusCode !== 200) throw new Error(`parse: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json<ParsedSpreadsheet>();
    });
    const body = { headers: parse.value.headers, rows: parse.value.rows, mapping: parse.value.mapping, create_all: true };
    const preview = await timed(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/people-import/preview', payload: body, headers: auth });
      if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json<ImportPreview>();
    });
    if (preview.value.counts.errors > 0) throw new Error(`preview found ${preview.value.counts.errors} errors`);
    const run = await timed(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/people-import', payload: body, headers: auth });
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ImportStreamLine);
    });
    const last = run.value.at(-1);
    if (last?.type !== 'result') throw new Error(`import ended with ${JSON.stringify(last)}`);
    const figures = {
      rows,
      file_bytes: file.length,
      parse: parse.step,
      preview: preview.step,
      import: run.step,
      progress_lines: run.value.filter((line) => line.type === 'progress').length,
      created: last.result.created,
      updated: last.result.updated,
    };
    console.log(
      `${rows} rows (${Math.round(file.length / 1024)} KiB): parse ${figures.parse.ms} ms, preview ${figures.preview.ms} ms, ` +
        `import ${figures.import.ms} ms (${figures.created} new, ${figures.updated} updated, ${figures.progress_lines} progress lines); ` +
        `load ${run.step.load_before.join('/')} → ${run.step.load_after.join('/')}`,
    );
    return figures;
  };

  // BENCH_IMPORT_ROWS=100,1000 measures other sizes (the first is also imported a second time).
  const [small = 500, large = 5000] = (process.env.BENCH_IMPORT_ROWS ?? '500,5000').split(',').map(Number);
  const five_hundred = await importFile(small, 'first.bench');
  const again = await importFile(small, 'first.bench');
  const five_thousand = await importFile(large, 'second.bench');
  await app.close();
  await database.close();

  const targets = {
    import_500_under_10s: five_hundred.import.ms < 10_000,
    reimport_500_under_10s: again.import.ms < 10_000,
  };
  for (const [name, pass] of Object.entries(targets)) console.log(`${pass ? 'PASS' : 'FAIL'} ${name}`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  const out = {
    measured_at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    load_average_at_end: loadAverage(),
    import_500: five_hundred,
    reimport_500: again,
    import_5000: five_thousand,
    targets,
  };
  fs.writeFileSync('tests/bench/results/import.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('Wrote tests/bench/results/import.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
