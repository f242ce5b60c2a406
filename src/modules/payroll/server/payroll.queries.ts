// The only SQL of payroll data: the company's settings, exported periods and their items,
// the keys already exported, the people a period is about (payroll number, NI number,
// starters and leavers), and the sendings to the payroll contact.
import { sql, type Insertable } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { PayrollSettingsInput } from '../payroll.contract';
import type { PayrollItemsTable } from './payroll-tables';

export async function findPayrollSettings(db: DbOrTrx, companyId: string) {
  return db.selectFrom('company_payroll_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function savePayrollSettings(trx: Trx, companyId: string, input: PayrollSettingsInput): Promise<void> {
  await trx
    .insertInto('company_payroll_settings')
    .values({ company_id: companyId, ...input })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...input, updated_at: sql`now()` }))
    .execute();
}

export async function findExportedPeriods(db: DbOrTrx, companyId: string) {
  return db
    .selectFrom('payroll_periods as p')
    .leftJoin('users as u', 'u.id', 'p.exported_by')
    .select(['p.id', 'p.start_date', 'p.end_date', 'p.exported_at', sql<string | null>`u.first_name || ' ' || u.surname`.as('exported_by')])
    .where('p.company_id', '=', companyId)
    .orderBy('p.start_date', 'desc')
    .execute();
}

export async function findExportedPeriod(db: DbOrTrx, input: { companyId: string; start: string }) {
  return db
    .selectFrom('payroll_periods as p')
    .leftJoin('users as u', 'u.id', 'p.exported_by')
    .select(['p.id', 'p.start_date', 'p.end_date', 'p.exported_at', sql<string | null>`u.first_name || ' ' || u.surname`.as('exported_by')])
    .where('p.company_id', '=', input.companyId)
    .where('p.start_date', '=', input.start)
    .executeTakeFirst();
}

/** The earliest start of an exported period: late items are looked for from there. */
export async function findFirstExportedStart(db: DbOrTrx, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('payroll_periods')
    .select(sql<string | null>`to_char(min(start_date), 'YYYY-MM-DD')`.as('first'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.first ?? null;
}

/** Whether an exported period starts after `start` (a period cannot be exported behind a later one). */
export async function findLaterExported(db: DbOrTrx, input: { companyId: string; start: string }): Promise<boolean> {
  const row = await db
    .selectFrom('payroll_periods')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('start_date', '>', input.start)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Keys (source + key) already exported among items dated from `since`. */
export async function findExportedKeys(db: DbOrTrx, input: { companyId: string; since: string }): Promise<Set<string>> {
  const rows = await db
    .selectFrom('payroll_items')
    .select(['source', 'source_key'])
    .where('company_id', '=', input.companyId)
    .where('item_date', '>=', input.since)
    .execute();
  return new Set(rows.map((row) => `${row.source}\u0000${row.source_key}`));
}

export async function insertPeriod(
  trx: Trx,
  input: { companyId: string; start: string; end: string; userId: string },
): Promise<string | null> {
  const row = await trx
    .insertInto('payroll_periods')
    .values({ company_id: input.companyId, start_date: input.start, end_date: input.end, exported_by: input.userId })
    .onConflict((oc) => oc.columns(['company_id', 'start_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertItems(trx: Trx, items: Insertable<PayrollItemsTable>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 500)
    await trx
      .insertInto('payroll_items')
      .values(items.slice(i, i + 500))
      .execute();
}

export async function findItems(db: DbOrTrx, input: { companyId: string; periodId: string }) {
  return db
    .selectFrom('payroll_items')
    .selectAll()
    .where('company_id', '=', input.companyId)
    .where('period_id', '=', input.periodId)
    .orderBy('item_date')
    .execute();
}

export type PayrollPersonRow = {
  id: string;
  first_name: string;
  surname: string;
  department: string | null;
  payroll_number: string | null;
  ni_number: string | null;
  start_date: string | null;
  termination_date: string | null;
};

/** The people of `userIds` plus every starter and leaver of [from, to]. */
export async function findPayrollPeople(
  db: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; from: string; to: string },
): Promise<PayrollPersonRow[]> {
  const ids = input.userIds.length ? sql.join(input.userIds.map((id) => sql`${id}::uuid`)) : sql`NULL::uuid`;
  const { rows } = await sql<PayrollPersonRow>`
    SELECT u.id, u.first_name, u.surname, d.name AS department, e.employee_number AS payroll_number, pd.ni_number,
      to_char(e.start_date, 'YYYY-MM-DD') AS start_date, to_char(u.termination_date, 'YYYY-MM-DD') AS termination_date
    FROM users u
    LEFT JOIN departments d ON d.id = u.department_id
    LEFT JOIN user_employment_details e ON e.user_id = u.id AND e.company_id = u.company_id
    LEFT JOIN user_personal_details pd ON pd.user_id = u.id AND pd.company_id = u.company_id
    WHERE u.company_id = ${input.companyId}
      AND (u.id IN (${ids})
        OR (u.status NOT IN ('pending', 'invited') AND (e.start_date BETWEEN ${input.from}::date AND ${input.to}::date
          OR u.termination_date BETWEEN ${input.from}::date AND ${input.to}::date)))
    ORDER BY lower(u.surname), lower(u.first_name), u.id`.execute(db);
  return rows;
}

export async function insertSend(
  trx: Trx,
  input: {
    companyId: string;
    periodId: string;
    userId: string;
    to: string;
    layout: 'csv' | 'xlsx' | 'elements';
    digest: string;
    expiresAt: Date;
  },
): Promise<string> {
  const row = await trx
    .insertInto('payroll_sends')
    .values({
      company_id: input.companyId,
      period_id: input.periodId,
      sent_by: input.userId,
      sent_to: input.to,
      layout: input.layout,
      token_digest: input.digest,
      expires_at: input.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSends(db: DbOrTrx, input: { companyId: string; periodId: string }) {
  return db
    .selectFrom('payroll_sends as s')
    .leftJoin('users as u', 'u.id', 's.sent_by')
    .select([
      's.id',
      's.sent_to',
      's.layout',
      's.created_at',
      's.downloaded_at',
      sql<string | null>`u.first_name || ' ' || u.surname`.as('sent_by'),
    ])
    .where('s.company_id', '=', input.companyId)
    .where('s.period_id', '=', input.periodId)
    .orderBy('s.created_at', 'desc')
    .execute();
}

/** A live link by its token's digest (any company: the link carries no session), marked downloaded. */
export async function claimSharedLink(trx: Trx, digest: string) {
  return trx
    .updateTable('payroll_sends')
    .set({ downloaded_at: sql`coalesce(downloaded_at, now())` })
    .where('token_digest', '=', digest)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['company_id', 'period_id', 'layout'])
    .executeTakeFirst();
}

export async function findPeriodById(db: DbOrTrx, input: { companyId: string; id: string }) {
  return db
    .selectFrom('payroll_periods')
    .select(['id', 'start_date', 'end_date'])
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
}
