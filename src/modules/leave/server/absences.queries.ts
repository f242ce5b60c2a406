// The SQL of absence requests and their steps: the person a request is for (locked, so two
// requests of one person are checked one after the other), their live absences and the
// blocked periods in the way, colleagues off on the same days, and the absence rows written
// with their history and medical detail. The reads of lists and details are in
// absences-read.queries.ts.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';
import {
  LIVE_STATUSES,
  type AbsenceStatus,
  type DurationType,
  type HalfDayPart,
  type LeaveTypeKey,
  type LeaveUnit,
  type SicknessCategory,
} from '../leave.contract';
import type { AbsenceSpan } from '../absences.contract';
import type { PeriodRow } from './balances';
import './leave-tables';

const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';
/** A uuid array for `any(...)`: never empty, so a caller of no department matches none. */
export const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NO_DEPARTMENT]);
const live = sql.join(LIVE_STATUSES.map((status) => sql.lit(status)));
export const FAR_FUTURE = '9999-12-31';

// ---- The person ------------------------------------------------------------------------------

export type AbsencePerson = {
  id: string;
  company_id: string;
  first_name: string;
  surname: string;
  department_ids: string[];
  /** The person's role rank (roleRank): a department-wide write reaches only people ranking no higher. */
  rank: number;
};

/**
 * A user of the company with every department they belong to. `lock` takes the row lock that
 * serialises one person's requests (overlap and balance checks cannot interleave).
 */
export async function findAbsencePerson(
  trx: Trx,
  input: { companyId: string; userId: string; lock?: boolean },
): Promise<AbsencePerson | undefined> {
  const { rows } = await sql<AbsencePerson>`
    SELECT u.id, u.company_id, u.first_name, u.surname, ${roleRankOf(sql`u.role_id`)} AS rank,
      ARRAY(SELECT u.department_id WHERE u.department_id IS NOT NULL
            UNION SELECT ud.department_id FROM user_departments ud WHERE ud.user_id = u.id)::text[] AS department_ids
    FROM users u WHERE u.id = ${input.userId} AND u.company_id = ${input.companyId}
    ${input.lock ? sql`FOR UPDATE OF u` : sql``}`.execute(trx);
  return rows[0];
}

// ---- Leave types, periods --------------------------------------------------------------------

export type AbsenceLeaveType = {
  id: string;
  key: LeaveTypeKey | null;
  name: string;
  deducted: boolean;
  needs_approval: boolean;
  archived: boolean;
};

export async function findAbsenceLeaveType(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<AbsenceLeaveType | undefined> {
  const row = await trx
    .selectFrom('leave_types')
    .select(['id', 'key', 'name', 'deducted', 'needs_approval', sql<boolean>`archived_at IS NOT NULL`.as('archived')])
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row;
}

export async function findPeriodById(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<PeriodRow | undefined> {
  return trx
    .selectFrom('user_absence_periods')
    .selectAll()
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
}

// ---- What stands in a request's way ------------------------------------------------------------

export type LiveSpan = {
  id: string;
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
};

/** The person's live absences meeting [from, to] (to null: open-ended), oldest first. */
export async function findLiveAbsencesMeeting(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; from: string; to: string | null; excludeId?: string },
): Promise<LiveSpan[]> {
  const { rows } = await sql<LiveSpan>`
    SELECT a.id, a.start_date, a.end_date, a.duration_type, a.half_day_part
    FROM user_absences a
    WHERE a.company_id = ${input.companyId} AND a.user_id = ${input.userId} AND a.status IN (${live})
      AND a.start_date <= ${input.to ?? FAR_FUTURE}::date AND coalesce(a.end_date, ${FAR_FUTURE}::date) >= ${input.from}::date
      ${input.excludeId ? sql`AND a.id <> ${input.excludeId}` : sql``}
    ORDER BY a.start_date, a.id`.execute(trx);
  return rows;
}

export type BlockedPeriod = { id: string; name: string; start_date: string; end_date: string };

/** Blocked periods of the whole company or one of `departmentIds` meeting [from, to], earliest first. */
export async function findBlockedPeriodsMeeting(
  trx: DbOrTrx,
  input: { companyId: string; departmentIds: readonly string[]; from: string; to: string },
): Promise<BlockedPeriod[]> {
  const { rows } = await sql<BlockedPeriod>`
    SELECT b.id, b.name, b.start_date, b.end_date FROM blocked_date_periods b
    WHERE b.company_id = ${input.companyId} AND b.start_date <= ${input.to}::date AND b.end_date >= ${input.from}::date
      AND (b.department_id IS NULL OR b.department_id = any(${uuids(input.departmentIds)}::uuid[]))
    ORDER BY b.start_date, b.name`.execute(trx);
  return rows;
}

export type ClashRow = {
  absence_id: string;
  user_id: string;
  name: string;
  start_date: string;
  end_date: string | null;
  leave_type_name: string;
  department_ids: string[];
};

/** Live absences of other people of `departmentIds` meeting [from, to]. */
export async function findClashes(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; departmentIds: readonly string[]; from: string; to: string },
): Promise<ClashRow[]> {
  if (input.departmentIds.length === 0) return [];
  const departments = uuids(input.departmentIds);
  const { rows } = await sql<ClashRow>`
    SELECT a.id AS absence_id, a.user_id, u.first_name || ' ' || u.surname AS name, a.start_date, a.end_date,
      lt.name AS leave_type_name,
      ARRAY(SELECT u.department_id WHERE u.department_id IS NOT NULL
            UNION SELECT ud.department_id FROM user_departments ud WHERE ud.user_id = u.id)::text[] AS department_ids
    FROM user_absences a
    JOIN users u ON u.id = a.user_id AND u.company_id = ${input.companyId}
    JOIN leave_types lt ON lt.id = a.leave_type_id
    WHERE a.company_id = ${input.companyId} AND a.user_id <> ${input.userId} AND a.status IN (${live})
      AND a.start_date <= ${input.to}::date AND coalesce(a.end_date, ${FAR_FUTURE}::date) >= ${input.from}::date
      AND (u.department_id = any(${departments}::uuid[])
        OR EXISTS (SELECT 1 FROM user_departments ud WHERE ud.user_id = u.id AND ud.department_id = any(${departments}::uuid[])))
    ORDER BY a.start_date, lower(u.surname), lower(u.first_name), a.id
    LIMIT 50`.execute(trx);
  return rows;
}

// ---- Writing absences ----------------------------------------------------------------------------

export type NewAbsence = {
  companyId: string;
  userId: string;
  leaveTypeId: string;
  periodId: string | null;
  startDate: string;
  endDate: string | null;
  durationType: DurationType;
  halfDayPart: HalfDayPart | null;
  hours: number | null;
  deduction: number;
  deductionUnit: LeaveUnit;
  status: AbsenceStatus;
  notes: string | null;
  blockedOverrideReason: string | null;
  sicknessCategory: SicknessCategory | null;
  requestedBy: string;
  decidedBy: string | null;
  /** A sickness already over when it is recorded (the demo's history). */
  returnedOn?: string | null;
};

export async function insertAbsence(trx: Trx, input: NewAbsence): Promise<string> {
  const row = await trx
    .insertInto('user_absences')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      leave_type_id: input.leaveTypeId,
      period_id: input.periodId,
      start_date: input.startDate,
      end_date: input.endDate,
      duration_type: input.durationType,
      half_day_part: input.halfDayPart,
      hours: input.hours,
      deduction: input.deduction,
      deduction_unit: input.deductionUnit,
      status: input.status,
      notes: input.notes,
      blocked_override_reason: input.blockedOverrideReason,
      sickness_category: input.sicknessCategory,
      returned_on: input.returnedOn ?? null,
      requested_by: input.requestedBy,
      decided_by: input.decidedBy,
      decided_at: input.decidedBy ? sql<Date>`now()` : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMedicalDetail(
  trx: Trx,
  input: { companyId: string; userId: string; absenceId: string; detail: string },
): Promise<void> {
  await trx
    .insertInto('user_absence_medical')
    .values({ absence_id: input.absenceId, company_id: input.companyId, user_id: input.userId, detail: input.detail })
    .execute();
}

export async function insertAbsenceEvent(
  trx: Trx,
  input: { companyId: string; absenceId: string; actorId: string | null; action: string; note: string | null },
): Promise<void> {
  await trx
    .insertInto('user_absence_events')
    .values({ company_id: input.companyId, absence_id: input.absenceId, actor_id: input.actorId, action: input.action, note: input.note })
    .execute();
}

/** The stored row an action works on, locked for the action's transaction. */
export type AbsenceRow = AbsenceSpan & {
  id: string;
  company_id: string;
  user_id: string;
  leave_type_id: string;
  leave_type_key: LeaveTypeKey | null;
  leave_type_name: string;
  deducted: boolean;
  period_id: string | null;
  status: AbsenceStatus;
  returned_on: string | null;
};

export async function findAbsenceRow(trx: Trx, input: { companyId: string; id: string; lock?: boolean }): Promise<AbsenceRow | undefined> {
  const { rows } = await sql<AbsenceRow>`
    SELECT a.id, a.company_id, a.user_id, a.leave_type_id, lt.key AS leave_type_key, lt.name AS leave_type_name, lt.deducted,
      a.period_id, a.start_date, a.end_date, a.duration_type, a.half_day_part, a.hours, a.deduction, a.deduction_unit, a.status, a.returned_on
    FROM user_absences a JOIN leave_types lt ON lt.id = a.leave_type_id
    WHERE a.company_id = ${input.companyId} AND a.id = ${input.id}
    ${input.lock ? sql`FOR UPDATE OF a` : sql``}`.execute(trx);
  return rows[0];
}

export async function updateAbsence(
  trx: Trx,
  input: {
    companyId: string;
    id: string;
    values: Partial<{
      status: AbsenceStatus;
      decline_reason: string | null;
      cancel_reason: string | null;
      decided_by: string | null;
      end_date: string | null;
      returned_on: string | null;
      deduction: number;
    }>;
    decided?: boolean;
  },
): Promise<void> {
  await trx
    .updateTable('user_absences')
    .set({ ...input.values, updated_at: sql<Date>`now()`, ...(input.decided ? { decided_at: sql<Date>`now()` } : {}) })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}
