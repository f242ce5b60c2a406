// The only SQL of overtime reports and settings. Every query takes the company; who reads and
// who approves a person's reports is the platform's approval chain (src/server/approvals).
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { OvertimeListQuery, OvertimeSettingsInput, OvertimeStatus } from '../overtime.contract';
import type { Approver, ChainReader } from '../../../server/approvals/approval-chain';
import { approvableBy, readableBy } from '../../../server/approvals/approval-chain.queries';
import type { UserOvertimeTable } from './overtime-tables';
import type { Insertable, Selectable, Updateable } from 'kysely';

export type OvertimeRow = Selectable<UserOvertimeTable>;

/** Whether the reader may read a report of this person (the same rule the lists apply). */
export async function mayRead(trx: DbOrTrx, userId: string, reader: ChainReader): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`SELECT ${readableBy(sql`${userId}::uuid`, reader)} AS ok`.execute(trx);
  return rows[0]?.ok === true;
}

// ---- settings ----------------------------------------------------------------------------

export type RateRow = { id: string; pay_rate_type_id: string; name: string; multiplier: number; element_code: string };

export async function findRates(db: DbOrTrx, companyId: string): Promise<RateRow[]> {
  return db
    .selectFrom('overtime_rates as r')
    .innerJoin('company_pay_rate_types as t', 't.id', 'r.pay_rate_type_id')
    .select(['r.id', 'r.pay_rate_type_id', 't.name', 'r.multiplier', 'r.element_code'])
    .where('r.company_id', '=', companyId)
    .orderBy('r.multiplier')
    .orderBy('t.name')
    .execute();
}

export async function findPayRateTypes(db: DbOrTrx, companyId: string): Promise<{ id: string; name: string; unit: string }[]> {
  return db
    .selectFrom('company_pay_rate_types')
    .select(['id', 'name', 'unit'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .execute();
}

export async function findCompanyOvertime(
  db: DbOrTrx,
  companyId: string,
): Promise<{ overtime_enabled: boolean; toil_expiry_months: number | null }> {
  const { rows } = await sql<{ overtime_enabled: boolean | null; toil_expiry_months: number | null }>`
    SELECT (SELECT overtime_enabled FROM company_settings WHERE company_id = ${companyId}) AS overtime_enabled,
           (SELECT toil_expiry_months FROM company_overtime_settings WHERE company_id = ${companyId}) AS toil_expiry_months`.execute(db);
  return { overtime_enabled: rows[0]?.overtime_enabled ?? false, toil_expiry_months: rows[0]?.toil_expiry_months ?? null };
}

export async function findAllowance(db: DbOrTrx, input: { companyId: string; userId: string }) {
  const row = await db
    .selectFrom('user_settings')
    .select(['allow_payable_overtime', 'allow_toil_overtime'])
    .where('user_id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return { allow_payable_overtime: row?.allow_payable_overtime ?? false, allow_toil_overtime: row?.allow_toil_overtime ?? false };
}

export async function saveOvertimeSettings(trx: Trx, companyId: string, input: OvertimeSettingsInput): Promise<void> {
  await trx
    .insertInto('company_overtime_settings')
    .values({ company_id: companyId, toil_expiry_months: input.toil_expiry_months })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ toil_expiry_months: input.toil_expiry_months, updated_at: sql`now()` }))
    .execute();
  const keep = input.rates.map((rate) => rate.pay_rate_type_id);
  // A rate reports were made at stays (restrict); only unused ones go.
  await sql`DELETE FROM overtime_rates r WHERE r.company_id = ${companyId}
    ${keep.length ? sql`AND r.pay_rate_type_id NOT IN (${sql.join(keep.map((id) => sql`${id}::uuid`))})` : sql``}
    AND NOT EXISTS (SELECT 1 FROM user_overtime o WHERE o.overtime_rate_id = r.id)`.execute(trx);
  for (const rate of input.rates) {
    await trx
      .insertInto('overtime_rates')
      .values({
        company_id: companyId,
        pay_rate_type_id: rate.pay_rate_type_id,
        multiplier: rate.multiplier,
        element_code: rate.element_code,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'pay_rate_type_id']).doUpdateSet({ multiplier: rate.multiplier, element_code: rate.element_code }),
      )
      .execute();
  }
}

export async function countPayRateTypes(db: DbOrTrx, input: { companyId: string; ids: readonly string[] }): Promise<number> {
  if (input.ids.length === 0) return 0;
  const row = await db
    .selectFrom('company_pay_rate_types')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', input.companyId)
    .where('id', 'in', [...input.ids])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- reports -----------------------------------------------------------------------------

export async function insertReport(trx: Trx, values: Insertable<UserOvertimeTable>): Promise<string> {
  const row = await trx.insertInto('user_overtime').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findReportRow(trx: Trx, input: { companyId: string; id: string; lock?: boolean }): Promise<OvertimeRow | undefined> {
  let query = trx.selectFrom('user_overtime').selectAll().where('company_id', '=', input.companyId).where('id', '=', input.id);
  if (input.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateReport(
  trx: Trx,
  input: { companyId: string; id: string; values: Updateable<UserOvertimeTable> },
): Promise<void> {
  await trx
    .updateTable('user_overtime')
    .set({ ...input.values, updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export type OvertimeViewRow = OvertimeRow & {
  person_name: string;
  department_name: string | null;
  rate_name: string | null;
  multiplier: number | null;
  reporter_name: string | null;
  decider_name: string | null;
  hourly_rate: number | null;
  rate_is_specific: boolean | null;
  approvable: boolean;
};

/**
 * The person's hourly pay on the report's day: a pay rate of the overtime rate's own type
 * (already the overtime rate), else their latest hourly rate of another type (to multiply).
 */
const hourlyRate = sql`(
  SELECT jsonb_build_object('amount', pr.amount, 'specific', pr.pay_rate_type_id IS NOT DISTINCT FROM r.pay_rate_type_id AND r.id IS NOT NULL)
  FROM user_pay_rates pr
  WHERE pr.user_id = o.user_id AND pr.company_id = o.company_id AND pr.unit = 'hour'
    AND pr.start_date <= o.date AND (pr.end_date IS NULL OR pr.end_date >= o.date)
  ORDER BY (pr.pay_rate_type_id IS NOT DISTINCT FROM r.pay_rate_type_id) DESC, pr.start_date DESC
  LIMIT 1)`;

function viewSelect(trx: DbOrTrx, approver: Approver) {
  return trx
    .selectFrom('user_overtime as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('overtime_rates as r', 'r.id', 'o.overtime_rate_id')
    .leftJoin('company_pay_rate_types as t', 't.id', 'r.pay_rate_type_id')
    .leftJoin('users as rb', 'rb.id', 'o.reported_by')
    .leftJoin('users as db', 'db.id', 'o.decided_by')
    .selectAll('o')
    .select([
      sql<string>`u.first_name || ' ' || u.surname`.as('person_name'),
      'd.name as department_name',
      't.name as rate_name',
      'r.multiplier',
      sql<string | null>`rb.first_name || ' ' || rb.surname`.as('reporter_name'),
      sql<string | null>`db.first_name || ' ' || db.surname`.as('decider_name'),
      sql<number | null>`(${hourlyRate} ->> 'amount')::float8`.as('hourly_rate'),
      sql<boolean | null>`(${hourlyRate} ->> 'specific')::boolean`.as('rate_is_specific'),
      approvableBy(sql`o.user_id`, approver).as('approvable'),
    ]);
}

export async function findReportView(
  trx: DbOrTrx,
  input: { companyId: string; id: string; approver: Approver },
): Promise<OvertimeViewRow | undefined> {
  return (await viewSelect(trx, input.approver)
    .where('o.company_id', '=', input.companyId)
    .where('o.id', '=', input.id)
    .executeTakeFirst()) as OvertimeViewRow | undefined;
}

export async function findReportPage(
  trx: DbOrTrx,
  input: { companyId: string; reader: ChainReader; approver: Approver; query: OvertimeListQuery; paging: Paging },
): Promise<{ rows: OvertimeViewRow[]; count: number }> {
  const { query, reader, approver } = input;
  const statuses: OvertimeStatus[] | undefined = query.status;
  // The page's ids from the filters alone; the names, rates and pay only for those.
  let base = trx.selectFrom('user_overtime as o').where('o.company_id', '=', input.companyId);
  if (query.view === 'mine') base = base.where('o.user_id', '=', reader.userId);
  else if (query.view === 'to_approve') base = base.where(approvableBy(sql`o.user_id`, approver));
  else
    base = base.where((eb) =>
      eb.or([readableBy(sql`o.user_id`, reader), approvableBy(sql`o.user_id`, approver)].map((c) => eb(c, '=', true))),
    );
  if (statuses?.length) base = base.where('o.status', 'in', statuses);
  if (query.user_id) base = base.where('o.user_id', '=', query.user_id);
  if (query.compensation) base = base.where('o.compensation', '=', query.compensation);
  if (query.from) base = base.where('o.date', '>=', query.from);
  if (query.to) base = base.where('o.date', '<=', query.to);
  const ids = await base
    .select('o.id')
    .orderBy('o.date', 'desc')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id')
    .limit(input.paging.limit)
    .offset(input.paging.offset)
    .execute();
  const total = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirst();
  if (ids.length === 0) return { rows: [], count: Number(total?.n ?? 0) };
  const rows = (await viewSelect(trx, approver)
    .where('o.company_id', '=', input.companyId)
    .where(
      'o.id',
      'in',
      ids.map((row) => row.id),
    )
    .execute()) as OvertimeViewRow[];
  const order = new Map(ids.map((row, index) => [row.id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { rows, count: Number(total?.n ?? 0) };
}

export async function countReportedFor(trx: DbOrTrx, input: { companyId: string; approver: Approver }): Promise<number> {
  const row = await trx
    .selectFrom('user_overtime as o')
    .select(sql<string>`count(*)`.as('n'))
    .where('o.company_id', '=', input.companyId)
    .where('o.status', '=', 'reported')
    .where(approvableBy(sql`o.user_id`, input.approver))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findPersonName(trx: DbOrTrx, userId: string): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select(sql<string>`first_name || ' ' || surname`.as('name'))
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** Approved TOIL whose expiry day has passed and is not yet expired (every company: the job's system scope). */
export async function findExpiredToil(trx: DbOrTrx, today: string): Promise<OvertimeRow[]> {
  return trx
    .selectFrom('user_overtime')
    .selectAll()
    .where('status', '=', 'approved')
    .where('compensation', '=', 'toil')
    .where('toil_expires_on', '<', today)
    .where('toil_expired_at', 'is', null)
    .orderBy('toil_expires_on')
    .limit(500)
    .execute();
}

export type AllowanceRow = {
  id: string;
  name: string;
  department: string | null;
  allow_payable_overtime: boolean;
  allow_toil_overtime: boolean;
};

/** Active people of the company with their overtime allowances, by name, filtered by a search. */
export async function findAllowancePeople(
  db: DbOrTrx,
  input: { companyId: string; search: string | undefined; paging: Paging },
): Promise<{ rows: AllowanceRow[]; count: number }> {
  const pattern = input.search ? `%${input.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`u.company_id = ${input.companyId} AND u.status = 'active'
    ${pattern ? sql`AND (u.first_name || ' ' || u.surname) ILIKE ${pattern}` : sql``}`;
  const { rows } = await sql<AllowanceRow>`
    SELECT u.id, u.first_name || ' ' || u.surname AS name, d.name AS department,
      coalesce(s.allow_payable_overtime, false) AS allow_payable_overtime, coalesce(s.allow_toil_overtime, false) AS allow_toil_overtime
    FROM users u LEFT JOIN departments d ON d.id = u.department_id LEFT JOIN user_settings s ON s.user_id = u.id
    WHERE ${where}
    ORDER BY lower(u.surname), lower(u.first_name), u.id
    LIMIT ${input.paging.limit} OFFSET ${input.paging.offset}`.execute(db);
  const { rows: total } = await sql<{ n: string }>`SELECT count(*) AS n FROM users u WHERE ${where}`.execute(db);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** Approved paid overtime not yet exported, dated up to the period's end, with its rate and the person's hourly pay. */
export async function findPayableOvertime(trx: DbOrTrx, window: { companyId: string; to: string }) {
  const { rows } = await sql<{
    id: string;
    user_id: string;
    date: string;
    hours: number;
    multiplier: number;
    element_code: string;
    rate_name: string;
    hourly_rate: number | null;
    rate_is_specific: boolean | null;
  }>`
    SELECT o.id, o.user_id, o.date, o.hours::float8 AS hours, r.multiplier::float8 AS multiplier, r.element_code, t.name AS rate_name,
      pr.amount::float8 AS hourly_rate, (pr.pay_rate_type_id IS NOT DISTINCT FROM r.pay_rate_type_id) AS rate_is_specific
    FROM user_overtime o
    JOIN overtime_rates r ON r.id = o.overtime_rate_id
    JOIN company_pay_rate_types t ON t.id = r.pay_rate_type_id
    LEFT JOIN LATERAL (
      SELECT p.amount, p.pay_rate_type_id FROM user_pay_rates p
      WHERE p.user_id = o.user_id AND p.company_id = o.company_id AND p.unit = 'hour'
        AND p.start_date <= o.date AND (p.end_date IS NULL OR p.end_date >= o.date)
      ORDER BY (p.pay_rate_type_id IS NOT DISTINCT FROM r.pay_rate_type_id) DESC, p.start_date DESC LIMIT 1
    ) pr ON true
    WHERE o.company_id = ${window.companyId} AND o.status = 'approved' AND o.compensation = 'paid'
      AND o.payroll_period_id IS NULL AND o.date <= ${window.to}::date
    ORDER BY o.user_id, o.date`.execute(trx);
  return rows;
}

/** Stamps exported reports with their pay period, which locks them. */
export async function stampExported(trx: DbOrTrx, input: { companyId: string; periodId: string; ids: readonly string[] }): Promise<void> {
  await trx
    .updateTable('user_overtime')
    .set({ payroll_period_id: input.periodId, exported_at: new Date(), updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', 'in', [...input.ids])
    .execute();
}
