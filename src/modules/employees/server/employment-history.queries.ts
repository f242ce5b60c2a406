// The SQL of a person's dated records: job titles (which keep users.job_title current),
// contracts and pay rates. Lists are newest first by start date; every query takes the
// company and the person.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { ContractRecord, JobTitleRecord, PayRateRecord, PayRateUnit } from '../employment-records.contract';
import './people-tables';

type Scoped = { companyId: string; userId: string };
type Page<T> = { results: T[]; count: number };
const iso = <T extends { created_at: Date }>(row: T) => ({ ...row, created_at: row.created_at.toISOString() });

// ---- Job titles.

const jobTitles = (db: DbOrTrx, { companyId, userId }: Scoped) =>
  db.selectFrom('user_job_titles as j').where('j.company_id', '=', companyId).where('j.user_id', '=', userId);
const jobTitleColumns = ['j.id', 'j.user_id', 'j.position_id', 'j.title', 'j.start_date', 'j.termination_date', 'j.created_at'] as const;

export async function findJobTitles(db: DbOrTrx, input: Scoped & { paging: Paging }): Promise<Page<JobTitleRecord>> {
  const rows = await jobTitles(db, input)
    .select(jobTitleColumns)
    .orderBy('j.start_date', 'desc')
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const { count } = await jobTitles(db, input)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { results: rows.map(iso), count };
}

export async function getJobTitle(db: DbOrTrx, input: Scoped & { id: string }): Promise<JobTitleRecord | undefined> {
  const row = await jobTitles(db, input).select(jobTitleColumns).where('j.id', '=', input.id).executeTakeFirst();
  return row && iso(row);
}

/** the most recent termination_date among the person's job-title records. */
export async function getLatestTerminationDate(db: DbOrTrx, input: Scoped): Promise<string | null> {
  const row = await jobTitles(db, input)
    .select(sql<string | null>`max(j.termination_date)::text`.as('latest'))
    .executeTakeFirst();
  return row?.latest ?? null;
}

export type JobTitleValues = { position_id: string | null; title: string; start_date: string; termination_date: string | null };

/** users.job_title is the title of the record with the latest start date (none: null). */
export async function syncUserJobTitle(db: DbOrTrx, { companyId, userId }: Scoped): Promise<void> {
  await sql`
    UPDATE users u SET job_title = (
      SELECT j.title FROM user_job_titles j WHERE j.user_id = u.id AND j.company_id = u.company_id
      ORDER BY j.start_date DESC, j.created_at DESC, j.id DESC LIMIT 1), updated_at = now()
    WHERE u.id = ${userId} AND u.company_id = ${companyId}`.execute(db);
}

export async function getPositionName(db: DbOrTrx, input: { companyId: string; id: string }): Promise<string | undefined> {
  const row = await db
    .selectFrom('company_positions')
    .select('name')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row?.name;
}

// ---- Contracts.

const contracts = (db: DbOrTrx, { companyId, userId }: Scoped) =>
  db
    .selectFrom('user_contracts as c')
    .leftJoin('contract_types as ct', 'ct.id', 'c.contract_type_id')
    .where('c.company_id', '=', companyId)
    .where('c.user_id', '=', userId);
const contractColumns = [
  'c.id',
  'c.user_id',
  'c.contract_type_id',
  'ct.name as contract_type_name',
  'c.start_date',
  'c.end_date',
  'c.hours_per_week',
  'c.notice_period',
  'c.notes',
  'c.created_at',
] as const;

export async function findContracts(db: DbOrTrx, input: Scoped & { paging: Paging }): Promise<Page<ContractRecord>> {
  const rows = await contracts(db, input)
    .select(contractColumns)
    .orderBy('c.start_date', 'desc')
    .orderBy('c.created_at', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const { count } = await contracts(db, input)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { results: rows.map(iso), count };
}

export async function getContract(db: DbOrTrx, input: Scoped & { id: string }): Promise<ContractRecord | undefined> {
  const row = await contracts(db, input).select(contractColumns).where('c.id', '=', input.id).executeTakeFirst();
  return row && iso(row);
}

export type ContractValues = Omit<ContractRecord, 'id' | 'user_id' | 'created_at' | 'contract_type_name'>;

// ---- Pay rates.

const payRates = (db: DbOrTrx, input: Scoped & { payRateTypeId?: string | undefined }) =>
  db
    .selectFrom('user_pay_rates as p')
    .leftJoin('company_pay_rate_types as t', 't.id', 'p.pay_rate_type_id')
    .where('p.company_id', '=', input.companyId)
    .where('p.user_id', '=', input.userId)
    .$if(input.payRateTypeId !== undefined, (q) => q.where('p.pay_rate_type_id', '=', input.payRateTypeId ?? null));
const payRateColumns = [
  'p.id',
  'p.user_id',
  'p.pay_rate_type_id',
  't.name as pay_rate_type_name',
  'p.amount',
  'p.unit',
  'p.start_date',
  'p.end_date',
  'p.created_at',
] as const;

export async function findPayRates(
  db: DbOrTrx,
  input: Scoped & { payRateTypeId?: string | undefined; paging: Paging },
): Promise<Page<PayRateRecord>> {
  const rows = await payRates(db, input)
    .select(payRateColumns)
    .orderBy('p.start_date', 'desc')
    .orderBy('p.created_at', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const { count } = await payRates(db, input)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { results: rows.map(iso), count };
}

export async function getPayRate(db: DbOrTrx, input: Scoped & { id: string }): Promise<PayRateRecord | undefined> {
  const row = await payRates(db, input).select(payRateColumns).where('p.id', '=', input.id).executeTakeFirst();
  return row && iso(row);
}

/** The unit a pay-rate type is paid by, when the company has that type. */
export async function getPayRateTypeUnit(db: DbOrTrx, input: { companyId: string; id: string }): Promise<PayRateUnit | undefined> {
  const row = await db
    .selectFrom('company_pay_rate_types')
    .select('unit')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row?.unit;
}

export type PayRateValues = { pay_rate_type_id: string; amount: number; unit: PayRateUnit; start_date: string; end_date: string | null };
