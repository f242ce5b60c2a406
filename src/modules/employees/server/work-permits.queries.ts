// The SQL of right-to-work checks, and of their reminder: claiming each due permit once
// (reminded_at) across every company, and finding who in the company is told.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { DocumentType, WorkPermitRecord } from '../employment-records.contract';
import './people-tables';

type Scoped = { companyId: string; userId: string };

const permits = (db: DbOrTrx, { companyId, userId }: Scoped) =>
  db
    .selectFrom('user_work_permits as w')
    .leftJoin('users as c', 'c.id', 'w.checked_by_id')
    .where('w.company_id', '=', companyId)
    .where('w.user_id', '=', userId);
const permitColumns = [
  'w.id',
  'w.user_id',
  'w.document_type',
  'w.document_number',
  'w.share_code',
  'w.date_checked',
  'w.checked_by_id',
  sql<string | null>`CASE WHEN c.id IS NULL THEN NULL ELSE concat_ws(' ', c.first_name, c.surname) END`.as('checked_by_name'),
  'w.follow_up_date',
  'w.expiry_date',
  'w.notes',
  'w.created_at',
] as const;

type PermitRow = Omit<WorkPermitRecord, 'created_at' | 'document_type'> & { created_at: Date; document_type: string };
const toRecord = (row: PermitRow): WorkPermitRecord => ({
  ...row,
  document_type: row.document_type as DocumentType,
  created_at: row.created_at.toISOString(),
});

/** Newest check first. */
export async function findWorkPermits(
  db: DbOrTrx,
  input: Scoped & { paging: Paging },
): Promise<{ results: WorkPermitRecord[]; count: number }> {
  const rows = await permits(db, input)
    .select(permitColumns)
    .orderBy('w.date_checked', 'desc')
    .orderBy('w.created_at', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const { count } = await permits(db, input)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { results: rows.map(toRecord), count };
}

export async function getWorkPermit(db: DbOrTrx, input: Scoped & { id: string }): Promise<WorkPermitRecord | undefined> {
  const row = await permits(db, input).select(permitColumns).where('w.id', '=', input.id).executeTakeFirst();
  return row && toRecord(row);
}

export type WorkPermitValues = Omit<WorkPermitRecord, 'id' | 'user_id' | 'created_at' | 'checked_by_name'>;

/** A changed expiry or follow-up date is a new reason to remind: the reminder is armed again. */
export async function updateWorkPermit(db: DbOrTrx, input: Scoped & { id: string; values: WorkPermitValues }): Promise<boolean> {
  const { expiry_date: expiry, follow_up_date: followUp } = input.values;
  const row = await db
    .updateTable('user_work_permits')
    .set({
      ...input.values,
      reminded_at: sql<Date | null>`CASE WHEN expiry_date IS DISTINCT FROM ${expiry}::date OR follow_up_date IS DISTINCT FROM ${followUp}::date
                                    THEN NULL ELSE reminded_at END`,
    })
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export type DuePermitReminder = {
  id: string;
  company_id: string;
  user_id: string;
  first_name: string;
  surname: string;
  expiry_date: string | null;
  follow_up_date: string | null;
};

/**
 * Marks every permit now due a reminder — expiry on or before `expiryHorizon`, or a follow-up
 * on or before `today` — as reminded at `now`, and returns them; people already terminated are
 * left alone. Call in the system scope. A second process running at once waits on the rows
 * and then finds them reminded, so each permit is claimed once.
 */
export async function claimDuePermitReminders(
  db: DbOrTrx,
  input: { now: Date; today: string; expiryHorizon: string },
): Promise<DuePermitReminder[]> {
  const { rows } = await sql<DuePermitReminder>`
    UPDATE user_work_permits w SET reminded_at = ${input.now}
    FROM users u
    WHERE u.id = w.user_id AND u.company_id = w.company_id AND u.status <> 'terminated'
      AND w.reminded_at IS NULL
      AND ((w.expiry_date IS NOT NULL AND w.expiry_date <= ${input.expiryHorizon}::date)
        OR (w.follow_up_date IS NOT NULL AND w.follow_up_date <= ${input.today}::date))
    RETURNING w.id, w.company_id, w.user_id, u.first_name, u.surname, w.expiry_date::text AS expiry_date, w.follow_up_date::text AS follow_up_date`.execute(
    db,
  );
  return rows;
}

/** Active users of the company whose role holds PUT /api/user-work-permit company-wide (owners, HR admins). */
export async function findPermitReminderRecipients(db: DbOrTrx, input: { companyId: string; endpoint: string }): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.company_id', '=', input.companyId)
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_permissions as rp')
          .select('rp.role_id')
          .whereRef('rp.role_id', '=', 'u.role_id')
          .where('rp.endpoint', '=', input.endpoint)
          .where('rp.method', '=', 'PUT')
          .where('rp.type', 'in', ['company', 'global']),
      ),
    )
    .orderBy('u.id')
    .execute();
  return rows.map((row) => row.id);
}
