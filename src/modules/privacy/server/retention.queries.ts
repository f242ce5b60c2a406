// The SQL of retention, built from the declarations: which rows of a declared table are past
// the date the company's schedule gives their kind, counted (the preview) or removed (the
// nightly run) — deleted, or anonymised where the row must stay for counts. Table and column
// names come from the declarations in the code; the company is named in every statement.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { DeclaredTable } from '../../../server/personal-data';
import type { RetentionBasis } from '../../../shared/record-kinds';

export type RetentionTarget = { table: DeclaredTable; basis: RetentionBasis; months: number; today: string };

/** The end of the UK tax year (5 April) a date falls in. */
const taxYearEnd = (date: RawBuilder<unknown>) => sql`make_date(
  extract(year from ${date})::int + case when ${date}::date > make_date(extract(year from ${date})::int, 4, 5) then 1 else 0 end, 4, 5)`;

/** Whether a row of the table (alias t) is past its date; null when the table cannot be judged (no date to count from). */
export function pastItsDate(target: RetentionTarget, companyId: string): RawBuilder<boolean> | null {
  const { table, basis, months, today } = target;
  const cutoff = sql`(${today}::date - make_interval(months => ${months}))`;
  if (basis === 'employment-end') {
    const subject = table.subject?.[0];
    if (!subject) return null;
    return sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.company_id = ${companyId} AND u.id::text = ${sql.ref(`t.${subject}`)}::text
      AND u.termination_date IS NOT NULL AND u.termination_date < ${cutoff})`;
  }
  if (!table.dateColumn) return null;
  const date = sql.ref(`t.${table.dateColumn}`);
  if (basis === 'record') return sql<boolean>`${date} < ${cutoff}`;
  return sql<boolean>`${taxYearEnd(date)} < ${cutoff}`;
}

function anonymisedValue(value: unknown): RawBuilder<unknown> {
  return typeof value === 'string' && value.includes('{id}') ? sql`replace(${value}, '{id}', t.id::text)` : sql`${value}`;
}

/** Rows not yet anonymised: some column still differs from what anonymising writes. */
function notYetAnonymised(values: Readonly<Record<string, unknown>>): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    Object.entries(values).map(([column, value]) => sql`${sql.ref(`t.${column}`)} IS DISTINCT FROM ${anonymisedValue(value)}`),
    sql` OR `,
  )})`;
}

function matching(target: RetentionTarget, companyId: string): RawBuilder<boolean> | null {
  const past = pastItsDate(target, companyId);
  if (!past) return null;
  const { erase } = target.table;
  const pending = typeof erase === 'object' ? sql<boolean>` AND ${notYetAnonymised(erase.anonymise)}` : sql``;
  return sql<boolean>`t.company_id = ${companyId} AND ${past}${pending}`;
}

export async function countPastDate(db: DbOrTrx, target: RetentionTarget, companyId: string): Promise<number> {
  const where = matching(target, companyId);
  if (!where) return 0;
  const result = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(target.table.table)} t WHERE ${where}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Deletes or anonymises what is past its date: how many rows, and the files they named (now unneeded). */
export async function removePastDate(
  db: DbOrTrx,
  target: RetentionTarget,
  companyId: string,
): Promise<{ count: number; fileIds: string[] }> {
  const where = matching(target, companyId);
  const { erase, table, files = [] } = target.table;
  if (!where || erase === 'keep') return { count: 0, fileIds: [] };
  const fileIds = async () => {
    if (files.length === 0) return [];
    const rows = await sql<{ file_id: string | null }>`
      SELECT unnest(ARRAY[${sql.join(files.map((column) => sql`${sql.ref(`t.${column}`)}::uuid`))}]) AS file_id
      FROM ${sql.table(table)} t WHERE ${where}`.execute(db);
    return rows.rows.flatMap((row) => (row.file_id ? [row.file_id] : []));
  };
  if (erase === 'delete') {
    const named = await fileIds();
    const result = await sql`DELETE FROM ${sql.table(table)} t WHERE ${where}`.execute(db);
    return { count: Number(result.numAffectedRows ?? 0), fileIds: named };
  }
  // Only the files whose column anonymising clears are no longer needed.
  const cleared = files.filter((column) => column in erase.anonymise && erase.anonymise[column] === null);
  const named = cleared.length ? await fileIds() : [];
  const sets = Object.entries(erase.anonymise).map(([column, value]) => sql`${sql.ref(column)} = ${anonymisedValue(value)}`);
  const result = await sql`UPDATE ${sql.table(table)} t SET ${sql.join(sets)} WHERE ${where}`.execute(db);
  return { count: Number(result.numAffectedRows ?? 0), fileIds: named };
}

/** Ends the sessions of people whose account was anonymised (they can no longer sign in). */
export async function endSessionsOfAnonymised(db: DbOrTrx, companyId: string): Promise<void> {
  await sql`UPDATE sessions SET revoked_at = now()
    WHERE company_id = ${companyId} AND revoked_at IS NULL
      AND user_id IN (SELECT id FROM users WHERE company_id = ${companyId} AND email LIKE 'former-%@anonymised.invalid')`.execute(db);
}

export async function companyIds(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('companies').select('id').execute();
  return rows.map((row) => row.id);
}

/** The last retention run's audit entry in the company. */
export async function lastRetentionRun(db: DbOrTrx, companyId: string) {
  return db
    .selectFrom('audit_log')
    .select(['created_at', 'details'])
    .where('company_id', '=', companyId)
    .where('action', '=', 'retention.run')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
