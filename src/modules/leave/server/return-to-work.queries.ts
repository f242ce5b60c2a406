// The only SQL of return-to-work items: creation (from an absence coming back or the hourly
// job), lists in the caller's scope, the steps (self-certification, fit note, review) and the
// pending count. Every read filters by company besides row-level security.
import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../../server/db/database';
import { addDays } from '../../../shared/dates';
import type { Scope } from '../../../shared/scopes';
import type { ReturnToWorkKind, ReturnToWorkStatus, SicknessCategory } from '../leave.contract';
import type { SelfCertificationAnswers } from '../return-to-work.contract';
import type { Approver } from '../../../server/approvals/approval-chain';
import { approvableBy } from '../../../server/approvals/approval-chain.queries';
import './leave-tables';

/** The company's return-to-work switch (company_settings, migration 0007; no row = off). */
export async function returnToWorkEnabled(trx: Trx, companyId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('company_settings')
    .select('return_to_work_enabled')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.return_to_work_enabled === true;
}

/** One item per absence: a second call (a replayed return, the job racing a route) makes nothing. */
export async function insertReturnToWorkItem(
  trx: Trx,
  input: { companyId: string; absenceId: string; userId: string; kind: ReturnToWorkKind; firstDay: string; lastDay: string },
): Promise<string | null> {
  const row = await trx
    .insertInto('return_to_work_items')
    .values({
      company_id: input.companyId,
      absence_id: input.absenceId,
      user_id: input.userId,
      kind: input.kind,
      status: 'awaiting_employee',
      first_day: input.firstDay,
      last_day: input.lastDay,
      // leave-tables types the JSON column's insert as text only; a new item has no answers yet.
      answers: sql<string>`null`,
    })
    .onConflict((conflict) => conflict.column('absence_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export type EndedSickness = { company_id: string; absence_id: string; user_id: string; start_date: string; end_date: string };

/**
 * How far back the sweep looks: switching return to work on (or a first start over old data)
 * must not ask everyone about sickness from years ago.
 */
export const RECENT_RETURN_DAYS = 14;

/**
 * Approved sickness absences that ended before `today`, within RECENT_RETURN_DAYS, and have no
 * item, in companies with the switch on (system scope: the hourly job crosses companies). At
 * most `limit` a pass.
 */
export async function findEndedSicknessWithoutItem(trx: Trx, input: { today: string; limit: number }): Promise<EndedSickness[]> {
  const rows = await trx
    .selectFrom('user_absences as a')
    .innerJoin('leave_types as t', (join) => join.onRef('t.id', '=', 'a.leave_type_id').onRef('t.company_id', '=', 'a.company_id'))
    .innerJoin('company_settings as s', 's.company_id', 'a.company_id')
    .leftJoin('return_to_work_items as r', 'r.absence_id', 'a.id')
    .select(['a.company_id', 'a.id as absence_id', 'a.user_id', 'a.start_date', 'a.end_date'])
    .where('t.key', '=', 'sickness')
    .where('a.status', '=', 'approved')
    .where('a.end_date', 'is not', null)
    .where('a.end_date', '<', input.today)
    .where('a.end_date', '>=', addDays(input.today, -RECENT_RETURN_DAYS))
    .where('s.return_to_work_enabled', '=', true)
    .where('r.id', 'is', null)
    .orderBy('a.end_date')
    .limit(input.limit)
    .execute();
  return rows.flatMap((row) => (row.end_date === null ? [] : [{ ...row, end_date: row.end_date }]));
}

// ---- Who reaches whom, in SQL (the rules of shared/scopes.ts and approvers.ts) ---------------

/** The caller's levels that decide what they see and review, taken from the session. */
export type Reach = {
  userId: string;
  departmentIds: readonly string[];
  /** `/api/return-to-work` GET (lists) or PUT (reviews). */
  level: Scope;
  /** Whom they approve for (approvers.ts), which is whom they review. */
  approver: Approver;
};

const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';
const departmentsOf = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NO_DEPARTMENT]);

/**
 * The person `r.user_id` is in one of `departmentIds` (their own or a further one). Written on
 * the item's column rather than a join to users, so a count never scans the company's people.
 */
function inDepartments(departmentIds: readonly string[]): RawBuilder<boolean> {
  const ids = departmentsOf(departmentIds);
  return sql<boolean>`(r.user_id in (select du.id from users du where du.department_id = any(${ids}::uuid[]))
    or r.user_id in (select ud.user_id from user_departments ud where ud.department_id = any(${ids}::uuid[])))`;
}

/** The caller's scope covers the item's person. */
export function coversPerson(level: Scope, reach: Pick<Reach, 'userId' | 'departmentIds'>): RawBuilder<boolean> {
  if (level === 'company' || level === 'global') return sql<boolean>`true`;
  if (level === 'own') return sql<boolean>`r.user_id = ${reach.userId}`;
  return inDepartments(reach.departmentIds);
}

/** Items waiting for the caller: their own to complete, and those they may review. */
function waitingFor(reach: Reach, reviewLevel: Scope | null): RawBuilder<boolean> {
  const own = sql<boolean>`(r.status = 'awaiting_employee' and r.user_id = ${reach.userId})`;
  if (reviewLevel === null) return own;
  return sql<boolean>`(${own} or (r.status = 'awaiting_review' and ${coversPerson(reviewLevel, reach)} and ${approvableBy(sql`r.user_id`, reach.approver)}))`;
}

// ---- Items ---------------------------------------------------------------------------------

export type ItemRow = {
  id: string;
  company_id: string;
  absence_id: string;
  user_id: string;
  kind: ReturnToWorkKind;
  status: ReturnToWorkStatus;
  first_day: string;
  last_day: string;
  answers: SelfCertificationAnswers | null;
  fit_note_file_id: string | null;
  fit_note_name: string | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  reviewed_by_name: string | null;
  review_note: string | null;
  created_at: Date;
  sickness_category: SicknessCategory | null;
  first_name: string;
  surname: string;
  department_id: string | null;
  department_name: string | null;
  department_ids: string[];
};

function itemsQuery(trx: Trx, companyId: string) {
  return trx
    .selectFrom('return_to_work_items as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('user_absences as a', 'a.id', 'r.absence_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('files as f', (join) => join.onRef('f.id', '=', 'r.fit_note_file_id').onRef('f.company_id', '=', 'r.company_id'))
    .leftJoin('users as rv', 'rv.id', 'r.reviewed_by')
    .where('r.company_id', '=', companyId);
}

const itemColumns = [
  'r.id',
  'r.company_id',
  'r.absence_id',
  'r.user_id',
  'r.kind',
  'r.status',
  'r.first_day',
  'r.last_day',
  'r.answers',
  'r.fit_note_file_id',
  'f.original_name as fit_note_name',
  'r.submitted_at',
  'r.reviewed_at',
  'r.review_note',
  'r.created_at',
  'a.sickness_category',
  'u.first_name',
  'u.surname',
  'u.department_id',
  'd.name as department_name',
] as const;
const reviewerName = sql<string | null>`case when rv.id is null then null else rv.first_name || ' ' || rv.surname end`.as(
  'reviewed_by_name',
);
const departmentIds = sql<string[]>`array(select u.department_id::text where u.department_id is not null
  union select ud.department_id::text from user_departments ud where ud.user_id = u.id)`.as('department_ids');

export async function getItem(trx: Trx, input: { companyId: string; id: string }): Promise<ItemRow | undefined> {
  const row = await itemsQuery(trx, input.companyId)
    .select([...itemColumns, reviewerName, departmentIds])
    .where('r.id', '=', input.id)
    .executeTakeFirst();
  return row as ItemRow | undefined;
}

/** Locks the item for a step, so two submissions cannot both pass the status check. */
export async function lockItem(trx: Trx, input: { companyId: string; id: string }): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('return_to_work_items')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
}

export async function listItems(
  trx: Trx,
  input: {
    companyId: string;
    reach: Reach;
    /** The caller's `/api/return-to-work` PUT level, for `relevantToMe`. */
    reviewLevel: Scope | null;
    status?: ReturnToWorkStatus[];
    userId?: string;
    relevantToMe: boolean;
    offset: number;
    limit: number;
  },
): Promise<{ rows: (ItemRow & { reviewable: boolean })[]; count: number }> {
  const reviewable =
    input.reviewLevel === null
      ? sql<boolean>`false`
      : sql<boolean>`(${coversPerson(input.reviewLevel, input.reach)} and ${approvableBy(sql`r.user_id`, input.reach.approver)})`;
  const filtered = itemsQuery(trx, input.companyId)
    .where(coversPerson(input.reach.level, input.reach))
    .$if(input.status !== undefined && input.status.length > 0, (q) => q.where('r.status', 'in', input.status ?? []))
    .$if(input.userId !== undefined, (q) => q.where('r.user_id', '=', input.userId ?? ''))
    .$if(input.relevantToMe, (q) => q.where(waitingFor(input.reach, input.reviewLevel)));
  const rows = await filtered
    .select([...itemColumns, reviewerName, departmentIds, reviewable.as('reviewable')])
    // What waits comes first, then the newest.
    .orderBy(sql`case r.status when 'awaiting_employee' then 0 when 'awaiting_review' then 1 else 2 end`)
    .orderBy('r.last_day', 'desc')
    .orderBy('r.id')
    .offset(input.offset)
    .limit(input.limit)
    .execute();
  const total = await filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { rows: rows as (ItemRow & { reviewable: boolean })[], count: Number(total.count) };
}

/** the user_absence_rtw: what waits for the caller, 0 while the company's switch is off. One query. */
export async function countWaiting(trx: Trx, input: { companyId: string; reach: Reach; reviewLevel: Scope | null }): Promise<number> {
  const row = await trx
    .selectFrom('return_to_work_items as r')
    .innerJoin('company_settings as s', (join) => join.onRef('s.company_id', '=', 'r.company_id').on('s.return_to_work_enabled', '=', true))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('r.company_id', '=', input.companyId)
    .where('r.status', 'in', ['awaiting_employee', 'awaiting_review'])
    .where(waitingFor(input.reach, input.reviewLevel))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function saveSelfCertification(
  trx: Trx,
  input: { companyId: string; id: string; answers: SelfCertificationAnswers },
): Promise<void> {
  await trx
    .updateTable('return_to_work_items')
    .set({
      answers: JSON.stringify(input.answers),
      submitted_at: sql<Date>`now()`,
      status: 'awaiting_review',
      updated_at: sql<Date>`now()`,
    })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

/** Attaches the fit note; answers the file it replaces (to delete), if any. */
export async function saveFitNote(
  trx: Trx,
  input: { companyId: string; id: string; fileId: string },
): Promise<{ storage_key: string; id: string } | undefined> {
  const previous = await trx
    .selectFrom('return_to_work_items as r')
    .innerJoin('files as f', 'f.id', 'r.fit_note_file_id')
    .select(['f.id', 'f.storage_key'])
    .where('r.company_id', '=', input.companyId)
    .where('r.id', '=', input.id)
    .executeTakeFirst();
  await trx
    .updateTable('return_to_work_items')
    .set({ fit_note_file_id: input.fileId, submitted_at: sql<Date>`now()`, status: 'awaiting_review', updated_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
  if (previous) await trx.deleteFrom('files').where('company_id', '=', input.companyId).where('id', '=', previous.id).execute();
  return previous;
}

export async function closeItem(
  trx: Trx,
  input: { companyId: string; id: string; reviewerId: string; note: string | null },
): Promise<void> {
  await trx
    .updateTable('return_to_work_items')
    .set({
      status: 'closed',
      reviewed_by: input.reviewerId,
      reviewed_at: sql<Date>`now()`,
      review_note: input.note,
      updated_at: sql<Date>`now()`,
    })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function getFitNoteFile(
  trx: Trx,
  input: { companyId: string; fileId: string },
): Promise<{ id: string; storage_key: string; original_name: string; mime_type: string } | undefined> {
  return trx
    .selectFrom('files')
    .select(['id', 'storage_key', 'original_name', 'mime_type'])
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.fileId)
    .executeTakeFirst();
}
