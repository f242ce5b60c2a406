// `npm run bench:time-clock`: the start of a shift (issue #35). A 2,000-person company (10
// departments of 200) whose people all have a published shift starting at the same time, and
// four weeks of clocked history behind them (09:00–17:00 weekday shifts, each with its entry
// and four events: about 40,000 entries), seeded with generate_series on a fresh embedded
// PostgreSQL. Against the server built to JavaScript (`node dist/server/main.mjs`), over HTTP
// from this process, each person signed in with their own token:
// - the 2,000 clock-ins at the rate of 2,000 in 5 minutes (6.7 a second, open loop: each call
//   goes at its time whatever the others do), while the manager of a department of 200 reads
//   this week's timesheet every half second;
// - the same 2,000 clock-ins flat out (BENCH_CONNECTIONS at once, 50 by default), after the
//   first wave's entries are deleted;
// - the manager's timesheet for the 200 alone: this week (today's clock-ins and the week's
//   days so far) and last week (200 × 5 entries of 4 events each).
// Prints p50 / p95 / p99 / max, errors, the server's and PostgreSQL's CPU per call, and the
// load average beside each; writes tests/bench/results/time-clock.json.
// BENCH_WINDOW_S (300) shortens the paced wave; BENCH_READS (200) sets the quiet reads.
// The bench people's password hash is scrypt with N=1024 (the product's is 16384) so that
// 2,000 sign-ins take seconds, not minutes: sign-in is not what is measured here.
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createCompany, createDepartment, createRole } from '../../src/modules/auth/server/accounts.queries';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { demoSeeding } from '../../src/app/server/seed';
import { createDb, createPool, withSystem, type Db } from '../../src/server/db/database';
import { freePort } from '../../src/server/db/embedded-postgres';
import { openDatabase } from '../../src/server/db/open';
import { createLogger } from '../../src/server/logger';
import { addDays, londonDate, startOfWeek } from '../../src/shared/dates';
import {
  benchConfig,
  builtServerEnv,
  cpuMs,
  loadAverage,
  percentile,
  postgresCpuMs,
  postmasterPid,
  round,
  startProcess,
  stopProcess,
} from './bench-support';

const PEOPLE = 2_000;
const DEPARTMENTS = 10;
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const READS = Number(process.env.BENCH_READS ?? 200);
const PASSWORD = 'bench-password';
const MANAGER = 'manager@clock.test';
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.tmp/bench-time-clock');
const resultsFile = path.join(root, 'tests/bench/results/time-clock.json');

type Call = { ms: number; status: number };
type Figures = {
  title: string;
  calls: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
  /** Wall time of the phase and the calls answered per second in it. */
  seconds?: number;
  per_s?: number;
  node_cpu_ms_per_call?: number;
  postgres_cpu_ms_per_call?: number;
  load_average: number[];
};

const processes = { server: 0, postmaster: 0 };
const cpuNow = () => ({ node: cpuMs(processes.server), postgres: postgresCpuMs(processes.postmaster) });

function figuresOf(title: string, calls: readonly Call[], extra: Partial<Figures> = {}, cpuFrom?: ReturnType<typeof cpuNow>): Figures {
  const times = calls.map((call) => call.ms).sort((a, b) => a - b);
  const cpu = cpuFrom ? cpuNow() : null;
  const perCall = (ms: number) => round(ms / Math.max(1, calls.length));
  const figures: Figures = {
    title,
    calls: calls.length,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times.at(-1) ?? 0),
    errors: calls.filter((call) => call.status < 200 || call.status >= 300).length,
    ...extra,
    ...(cpu && cpuFrom
      ? { node_cpu_ms_per_call: perCall(cpu.node - cpuFrom.node), postgres_cpu_ms_per_call: perCall(cpu.postgres - cpuFrom.postgres) }
      : {}),
    load_average: loadAverage(),
  };
  console.log(
    `${title}: ${figures.calls} calls, p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms, ` +
      `errors ${figures.errors}` +
      (figures.per_s !== undefined ? `, ${figures.per_s}/s over ${figures.seconds} s` : '') +
      (figures.node_cpu_ms_per_call !== undefined
        ? `, CPU per call Node ${figures.node_cpu_ms_per_call} ms + PostgreSQL ${figures.postgres_cpu_ms_per_call} ms`
        : '') +
      `; load ${figures.load_average.join(' ')}`,
  );
  return figures;
}

/** One timed call; a network failure counts as status 0. */
async function call(
  base: string,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<Call & { text: string }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(method === 'POST' && token ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, text };
  } catch (error) {
    return { ms: performance.now() - started, status: 0, text: String(error) };
  }
}

/** Runs `work` over `items` with `connections` at a time. */
async function inParallel<T>(items: readonly T[], connections: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** The company, its people, four weeks of clocked shifts and today's shift for everyone, straight into the database. */
async function seed(): Promise<{ shiftStart: Date; seedMs: number }> {
  const config = benchConfig(dataDir, { RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX });
  const database = await openDatabase(config, createLogger(config), { demo: demoSeeding });
  const ownerDb = createDb(createPool(database.ownerUrl, { max: 2 }));
  const started = performance.now();
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
  const passwordHash = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  const today = londonDate(new Date());
  const monday = startOfWeek(today);
  // Everyone's shift today starts in 30 minutes: every clock-in of the run is for it (up to two hours early).
  const shiftStart = new Date(Math.ceil((Date.now() + 30 * 60_000) / 60_000) * 60_000);
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const stepStarted = performance.now();
    await withSystem(ownerDb, async (trx) => {
      await query.execute(trx);
    });
    console.log(`  ${label}: ${Math.round(performance.now() - stepStarted)} ms`);
  };
  const company = await withSystem(ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: 'Clock Ltd' });
    const roles = new Map<string, string>();
    for (const template of PRODUCT_ROLES.company) roles.set(template.name, await createRole(trx, { companyId, template }));
    const departments: string[] = [];
    for (let i = 1; i <= DEPARTMENTS; i++) departments.push(await createDepartment(trx, { companyId, name: `Department ${i}` }));
    return { companyId, roles, departments };
  });
  await step(
    `${PEOPLE} people in ${DEPARTMENTS} departments`,
    sql`insert into users (company_id, email, first_name, surname, status, role_id, department_id, password_hash)
        select ${company.companyId}, case n when 1 then ${MANAGER} else 'person-' || n || '@clock.test' end,
          'Person', 'Number ' || lpad(n::text, 4, '0'), 'active',
          case n when 1 then ${company.roles.get('Manager') ?? null}::uuid else ${company.roles.get('Employee') ?? null}::uuid end,
          (${sql.val(company.departments)}::uuid[])[1 + (n - 1) % ${DEPARTMENTS}], ${passwordHash}
        from generate_series(1, ${PEOPLE}) n`,
  );
  await step(
    'four weeks of weekday shifts clocked in, with a break, and out (last week pending, earlier approved)',
    sql`with s as (
          insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
          select u.company_id, u.id, u.department_id, (d + time '09:00') at time zone 'Europe/London', (d + time '17:00') at time zone 'Europe/London', 30, 'Floor', true, now()
          from users u cross join generate_series(${addDays(monday, -28)}::date, ${addDays(today, -1)}::date, interval '1 day') d
          where u.company_id = ${company.companyId} and extract(isodow from d) <= 5
          returning id, company_id, user_id, start_at, end_at
        ), e as (
          insert into time_clock_entries (company_id, user_id, shift_id, clock_in_at, clock_out_at, break_minutes, worked_minutes, approval, approved_at)
          select company_id, user_id, id, start_at - interval '3 minutes', end_at + interval '2 minutes', 30, 455,
            case when start_at < ${addDays(monday, -7)}::date then 'approved' else 'pending' end,
            case when start_at < ${addDays(monday, -7)}::date then end_at + interval '1 day' end
          from s
          returning id, company_id, user_id, clock_in_at, clock_out_at
        )
        insert into time_clock_events (company_id, entry_id, user_id, kind, at, recorded_at, device_time, received_at)
        select e.company_id, e.id, e.user_id, k.kind, k.at, k.at, k.at, k.at
        from e cross join lateral (values ('clock_in', e.clock_in_at), ('break_start', e.clock_in_at + interval '3 hours 33 minutes'),
          ('break_end', e.clock_in_at + interval '4 hours 3 minutes'), ('clock_out', e.clock_out_at)) k(kind, at)`,
  );
  await step(
    "today's shift for everyone, starting at the same time",
    sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
        select company_id, id, department_id, ${shiftStart}, ${shiftStart}::timestamptz + interval '8 hours', 30, 'Floor', true, now()
        from users where company_id = ${company.companyId}`,
  );
  await step('analyze', sql`analyze`);
  const seedMs = Math.round(performance.now() - started);
  await ownerDb.destroy();
  await database.close();
  return { shiftStart, seedMs };
}

/** Today's entries (the wave's clock-ins) and whether each found today's shift. */
async function todaysEntries(owner: Db, shiftStart: Date): Promise<{ entries: number; onTodaysShift: number }> {
  const { rows } = await sql<{ entries: number; on_shift: number }>`
    select count(*)::int as entries, count(*) filter (where s.start_at = ${shiftStart})::int as on_shift
    from time_clock_entries e left join rota_shifts s on s.id = e.shift_id
    where e.clock_out_at is null`.execute(owner);
  return { entries: rows[0]?.entries ?? 0, onTodaysShift: rows[0]?.on_shift ?? 0 };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'dist/server/main.mjs')))
    throw new Error('No built server: run `node scripts/build-server.mjs` first.');
  console.log(`Rate limit lifted for this run (RATE_LIMIT_MAX=1000000000); data in ${dataDir}; load average ${loadAverage().join(' ')}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const { shiftStart, seedMs } = await seed();
  console.log(`Seeded in ${seedMs} ms`);
  const port = await freePort();
  const pgPort = await freePort();
  const { child } = await startProcess({
    args: [path.join(root, 'dist/server/main.mjs')],
    env: builtServerEnv({ dataDir, port, pgPort, root }),
    ready: /is running on/,
  });
  const base = `http://127.0.0.1:${port}`;
  processes.server = child.pid!;
  processes.postmaster = postmasterPid(path.join(dataDir, 'postgres'));
  const dbPassword = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const owner = createDb(createPool(`postgres://postgres:${encodeURIComponent(dbPassword)}@127.0.0.1:${pgPort}/stafflane`, { max: 1 }));
  try {
    // Everyone signs in first, as their phones did before the shift.
    const emails = [MANAGER, ...Array.from({ length: PEOPLE - 1 }, (_, i) => `person-${i + 2}@clock.test`)];
    const tokens = new Map<string, string>();
    const signInStarted = performance.now();
    await inParallel(emails, 8, async (email) => {
      const answer = await call(base, null, 'POST', '/api/login', { email, password: PASSWORD });
      if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.text.slice(0, 200)}`);
      tokens.set(email, (JSON.parse(answer.text) as { auth_token: string }).auth_token);
    });
    console.log(`${tokens.size} people signed in in ${Math.round(performance.now() - signInStarted)} ms`);
    const managerToken = tokens.get(MANAGER)!;
    const people = emails.map((email) => tokens.get(email)!);
    const thisWeek = startOfWeek(londonDate(new Date()));
    const timesheet = (week: string) => call(base, managerToken, 'GET', `/api/timesheets?week=${week}`);
    const first = await timesheet(addDays(thisWeek, -7));
    if (first.status !== 200) throw new Error(`timesheet: ${first.status} ${first.text.slice(0, 300)}`);
    const sheet = JSON.parse(first.text) as { people: { entries: unknown[] }[] };
    const sheetPeople = sheet.people.length;
    const sheetEntries = sheet.people.reduce((total, person) => total + person.entries.length, 0);
    console.log(`The manager's timesheet, last week: ${sheetPeople} people, ${sheetEntries} entries, ${first.text.length} bytes`);
    const clockIn = (token: string) =>
      call(base, token, 'POST', '/api/time-clock/events', { kind: 'clock_in', device_time: new Date().toISOString() });
    const clearWave = async () => {
      await sql`delete from time_clock_entries where clock_out_at is null`.execute(owner);
    };
    // Warm-up: 50 clock-ins and 20 timesheet reads, then the clock-ins are taken back.
    for (const token of people.slice(0, 50)) await clockIn(token);
    for (let i = 0; i < 20; i++) await timesheet(thisWeek);
    await clearWave();

    // The wave at its real rate: 2,000 in the window, each at its time; the manager watching.
    const intervalMs = (WINDOW_S * 1000) / PEOPLE;
    const paced: Call[] = [];
    const watching: Call[] = [];
    let waveOver = false;
    const pacedCpu = cpuNow();
    const waveStarted = performance.now();
    const watcher = (async () => {
      while (!waveOver) {
        watching.push(await timesheet(thisWeek));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    await Promise.all(
      people.map(async (token, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * intervalMs));
        paced.push(await clockIn(token));
      }),
    );
    const pacedSeconds = round((performance.now() - waveStarted) / 1000);
    waveOver = true;
    await watcher;
    const wave = figuresOf(
      `clock-in, ${PEOPLE} in ${WINDOW_S} s (open loop)`,
      paced,
      { seconds: pacedSeconds, per_s: round(paced.length / pacedSeconds) },
      pacedCpu,
    );
    const duringWave = figuresOf("manager's timesheet (200 people, this week) during the wave", watching);
    const afterWave = await todaysEntries(owner, shiftStart);
    console.log(`After the wave: ${afterWave.entries} open entries, ${afterWave.onTodaysShift} on today's shift`);

    // The manager alone: this week (with today's clock-ins) and last week (a full week).
    const quiet = async (title: string, week: string) => {
      const calls: Call[] = [];
      const cpu = cpuNow();
      for (let i = 0; i < READS; i++) calls.push(await timesheet(week));
      return figuresOf(title, calls, {}, cpu);
    };
    const sheetThisWeek = await quiet("manager's timesheet (200 people, this week)", thisWeek);
    const sheetLastWeek = await quiet("manager's timesheet (200 people, last week: 1,000 entries)", addDays(thisWeek, -7));

    // The same wave flat out.
    await clearWave();
    const flat: Call[] = [];
    const flatCpu = cpuNow();
    const flatStarted = performance.now();
    await inParallel(people, CONNECTIONS, async (token) => {
      flat.push(await clockIn(token));
    });
    const flatSeconds = round((performance.now() - flatStarted) / 1000);
    const flatOut = figuresOf(
      `clock-in, ${PEOPLE} flat out (${CONNECTIONS} at once)`,
      flat,
      { seconds: flatSeconds, per_s: round(flat.length / flatSeconds) },
      flatCpu,
    );
    const afterFlat = await todaysEntries(owner, shiftStart);
    console.log(`After the flat-out wave: ${afterFlat.entries} open entries, ${afterFlat.onTodaysShift} on today's shift`);

    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    const out = {
      measured_at: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}, ${os.cpus().length} cores`,
      server: 'dist/server/main.mjs, embedded PostgreSQL, NODE_ENV=production, one process; calls over HTTP from the bench process',
      seed_ms: seedMs,
      company: { people: PEOPLE, departments: DEPARTMENTS, timesheet_people: sheetPeople, timesheet_entries_last_week: sheetEntries },
      wave,
      timesheet_during_wave: duringWave,
      after_wave: afterWave,
      timesheet_this_week: sheetThisWeek,
      timesheet_last_week: sheetLastWeek,
      flat_out: flatOut,
      after_flat_out: afterFlat,
    };
    fs.writeFileSync(resultsFile, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${path.relative(root, resultsFile)}`);
  } finally {
    await owner.destroy();
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
