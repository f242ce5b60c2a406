// The SQL of termination: the date, reason and notes on the user row, the same date on the
// latest job-title record (the latest termination date is the most recent one among
// them), ending the person's sessions, and the sweep that applies terminations once due.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { EmployeeStatus as UserStatus } from '../directory.contract';
import './people-tables';

export type TerminationState = {
  status: UserStatus;
  termination_date: string | null;
  has_password: boolean;
  /** The latest job-title record (by start date), when there is one. */
  job_title_id: string | null;
  job_start_date: string | null;
};

export async function getTerminationState(
  db: DbOrTrx,
  input: { companyId: string; userId: string },
): Promise<TerminationState | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('user_job_titles as j')
          .select(['j.id', 'j.start_date'])
          .whereRef('j.user_id', '=', 'u.id')
          .orderBy('j.start_date', 'desc')
          .orderBy('j.created_at', 'desc')
          .limit(1)
          .as('j'),
      (join) => join.onTrue(),
    )
    .select([
      'u.status',
      'u.termination_date',
      sql<boolean>`u.password_hash is not null`.as('has_password'),
      'j.id as job_title_id',
      'j.start_date as job_start_date',
    ])
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .executeTakeFirst();
}

/**
 * Writes a person's termination fields (null to clear them), the status they take (none to keep
 * theirs), and the termination date of their latest job-title record: `jobTitle.date`, where the
 * record's date is still `jobTitle.was` when that is given.
 */
async function writeTermination(
  db: DbOrTrx,
  input: {
    companyId: string;
    userId: string;
    termination: { date: string; reasonId: string; notes: string | null } | null;
    status: UserStatus | null;
    jobTitle: { id: string; date: string | null; was?: string } | null;
  },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      termination_date: input.termination?.date ?? null,
      termination_reason_id: input.termination?.reasonId ?? null,
      termination_notes: input.termination?.notes ?? null,
      updated_at: sql<Date>`now()`,
      ...(input.status ? { status: input.status } : {}),
    })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .execute();
  const { jobTitle } = input;
  if (!jobTitle) return;
  await db
    .updateTable('user_job_titles')
    .set({ termination_date: jobTitle.date })
    .where('id', '=', jobTitle.id)
    .where('company_id', '=', input.companyId)
    .$if(jobTitle.was !== undefined, (query) => query.where('termination_date', '=', jobTitle.was ?? ''))
    .execute();
}

export async function setTermination(
  db: DbOrTrx,
  input: {
    companyId: string;
    userId: string;
    date: string;
    reasonId: string;
    notes: string | null;
    jobTitleId: string | null;
    /** Whether the person is terminated now (the date is today or past). */
    now: boolean;
  },
): Promise<void> {
  await writeTermination(db, {
    companyId: input.companyId,
    userId: input.userId,
    termination: { date: input.date, reasonId: input.reasonId, notes: input.notes },
    status: input.now ? 'terminated' : null,
    jobTitle: input.jobTitleId ? { id: input.jobTitleId, date: input.date } : null,
  });
}

/** Undoes a termination: the row's fields, the job-title date it set, and the status it took. */
export async function clearTermination(
  db: DbOrTrx,
  input: { companyId: string; userId: string; date: string; jobTitleId: string | null; status: UserStatus | null },
): Promise<void> {
  await writeTermination(db, {
    companyId: input.companyId,
    userId: input.userId,
    termination: null,
    status: input.status,
    jobTitle: input.jobTitleId ? { id: input.jobTitleId, date: null, was: input.date } : null,
  });
}

/** Ends every open session of the users at once (the authenticator finds none from then on). */
export async function revokeSessions(db: DbOrTrx, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', 'in', [...userIds])
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type DueTermination = { id: string; company_id: string; termination_date: string };

/**
 * Terminates everyone whose termination date is before `today` (they kept access through
 * the date itself); in the system scope, across companies.
 */
export async function applyDueTerminations(db: DbOrTrx, today: string): Promise<DueTermination[]> {
  const rows = await db
    .updateTable('users')
    .set({ status: 'terminated', updated_at: sql<Date>`now()` })
    .where('company_id', 'is not', null)
    .where('termination_date', '<', today)
    .where('status', '<>', 'terminated')
    .returning(['id', 'company_id', 'termination_date'])
    .execute();
  return rows.flatMap((row) =>
    row.company_id && row.termination_date ? [{ id: row.id, company_id: row.company_id, termination_date: row.termination_date }] : [],
  );
}
