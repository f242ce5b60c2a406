// The reads of absences: one page of the list with its count, the detail as a caller may see
// it (or 'forbidden' when it is out of their reach), its history and medical detail, and the
// approver's pending count.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';
import type { Paging } from '../../../shared/list';
import type { Scope } from '../../../shared/scopes';
import { type Absence, type AbsenceEvent, type AbsenceListQuery, type AbsenceSpan } from '../absences.contract';
import type { LeaveTypeColumns } from './leave-type-summary';
import { NEED_APPROVAL, NEED_APPROVAL_STATUSES } from '../leave.contract';
import { FAR_FUTURE, uuids } from './absences.queries';
import type { Approver } from '../../../server/approvals/approval-chain';
import { approvableBy, decidableBy } from '../../../server/approvals/approval-chain.queries';
import { ABSENCE_APPROVALS } from './leave.approvals';
import './leave-tables';

const needsDecision = sql.join(NEED_APPROVAL_STATUSES.map((status) => sql.lit(status)));

export async function findMedicalDetail(trx: DbOrTrx, input: { companyId: string; absenceId: string }): Promise<string | null> {
  const row = await trx
    .selectFrom('user_absence_medical')
    .select('detail')
    .where('company_id', '=', input.companyId)
    .where('absence_id', '=', input.absenceId)
    .executeTakeFirst();
  return row?.detail ?? null;
}

/** An absence as lists and the detail show it, before the caller's can_cancel is worked out. */
export type AbsenceViewRow = AbsenceSpan &
  LeaveTypeColumns &
  Pick<
    Absence,
    | 'id'
    | 'status'
    | 'notes'
    | 'decline_reason'
    | 'cancel_reason'
    | 'blocked_override_reason'
    | 'sickness_category'
    | 'returned_on'
    | 'requested_by_name'
    | 'decided_by_name'
    | 'return_to_work_id'
  > & {
    user_id: string;
    first_name: string;
    surname: string;
    department_id: string | null;
    department_name: string | null;
    person_department_ids: string[];
    person_rank: number;
    decided_at: Date | null;
    created_at: Date;
    /** The caller may approve this person (whatever the status). */
    approver: boolean;
  };

/** The caller, for the reading queries: who they are and what they reach. */
export type AbsenceReader = {
  companyId: string;
  userId: string;
  departmentIds: readonly string[];
  /** `/api/user-absence` GET level. */
  level: Scope;
  approver: Approver;
};

/** Whom the reader's GET level reaches: company all; department their departments' people and line reports; own themselves. */
function readable(reader: AbsenceReader): RawBuilder<boolean> {
  if (reader.level === 'company' || reader.level === 'global') return sql<boolean>`true`;
  if (reader.level === 'own') return sql<boolean>`a.user_id = ${reader.userId}`;
  const departments = uuids(reader.departmentIds);
  return sql<boolean>`(a.user_id = ${reader.userId}
    OR a.user_id IN (SELECT lm.user_id FROM user_line_managers lm WHERE lm.manager_id = ${reader.userId})
    OR a.user_id IN (SELECT du.id FROM users du WHERE du.department_id = any(${departments}::uuid[]))
    OR a.user_id IN (SELECT ud.user_id FROM user_departments ud WHERE ud.department_id = any(${departments}::uuid[])))`;
}

/** "First Surname" of the user in `id`, null when none. */
const nameOf = (id: RawBuilder<unknown>) =>
  sql`(SELECT nullif(concat_ws(' ', n.first_name, n.surname), '') FROM users n WHERE n.id = ${id})`;

/** The view's columns for absences `a` (joined to users `u`). */
function viewColumns(reader: AbsenceReader): RawBuilder<unknown> {
  return sql`a.id, a.user_id, u.first_name, u.surname, u.department_id,
    (SELECT d.name FROM departments d WHERE d.id = u.department_id) AS department_name,
    ARRAY(SELECT u.department_id WHERE u.department_id IS NOT NULL
          UNION SELECT ud.department_id FROM user_departments ud WHERE ud.user_id = u.id)::text[] AS person_department_ids,
    ${roleRankOf(sql`u.role_id`)} AS person_rank,
    lt.id AS leave_type_id, lt.key AS leave_type_key, lt.name AS leave_type_name, lt.colour AS leave_type_colour,
    lt.paid AS leave_type_paid, lt.deducted AS leave_type_deducted,
    a.start_date, a.end_date, a.duration_type, a.half_day_part, a.hours, a.deduction, a.deduction_unit, a.status, a.notes,
    a.decline_reason, a.cancel_reason, a.blocked_override_reason, a.sickness_category, a.returned_on,
    ${nameOf(sql`a.requested_by`)} AS requested_by_name,
    ${nameOf(sql`a.decided_by`)} AS decided_by_name,
    a.decided_at, a.created_at,
    ${decidableBy(sql`a.user_id`, ABSENCE_APPROVALS, reader.approver)} AS approver,
    (SELECT r.id FROM return_to_work_items r WHERE r.absence_id = a.id) AS return_to_work_id`;
}
/**
 * The department's and the requester's and decider's names are looked up by key for each row
 * rather than joined: three joins fewer for PostgreSQL to plan, and no plan that scans the
 * users once per absence (the generic plan of the prepared statement did, for the team month).
 */
const viewJoins = sql`
  JOIN users u ON u.id = a.user_id
  JOIN leave_types lt ON lt.id = a.leave_type_id`;

/** One absence if the reader's GET level reaches its person; `undefined` when it does not exist, 'forbidden' when out of reach. */
export async function findAbsenceView(trx: DbOrTrx, reader: AbsenceReader, id: string): Promise<AbsenceViewRow | 'forbidden' | undefined> {
  const { rows } = await sql<AbsenceViewRow & { reachable: boolean }>`
    SELECT ${viewColumns(reader)}, ${readable(reader)} AS reachable
    FROM user_absences a ${viewJoins}
    WHERE a.company_id = ${reader.companyId} AND a.id = ${id}`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  if (!row.reachable) return 'forbidden';
  const { reachable: _reachable, ...view } = row;
  return view;
}

const ORDERS = {
  start_date: sql`a.start_date, a.created_at, a.id`,
  '-start_date': sql`a.start_date DESC, a.created_at DESC, a.id DESC`,
  created_at: sql`a.created_at, a.id`,
  '-created_at': sql`a.created_at DESC, a.id DESC`,
  name: sql`lower(u.surname), lower(u.first_name), a.start_date DESC, a.id`,
} as const;

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the absences the reader reaches, filtered, with the count of all in the same
 * round trip: the page is cut on the absence (and user) rows alone, and only its rows are
 * joined to names, departments and return-to-work items.
 */
export async function findAbsencePage(
  trx: DbOrTrx,
  input: { reader: AbsenceReader; query: AbsenceListQuery; paging: Paging },
): Promise<{ rows: AbsenceViewRow[]; count: number }> {
  const { reader, query, paging } = input;
  const conditions: RawBuilder<unknown>[] = [sql`a.company_id = ${reader.companyId}`, readable(reader)];
  if (query.user_id?.length) conditions.push(sql`a.user_id = any(${query.user_id}::uuid[])`);
  if (query.leave_type_id?.length) conditions.push(sql`a.leave_type_id = any(${query.leave_type_id}::uuid[])`);
  if (query.department_id?.length) {
    conditions.push(sql`(u.department_id = any(${query.department_id}::uuid[])
      OR EXISTS (SELECT 1 FROM user_departments ud WHERE ud.user_id = a.user_id AND ud.department_id = any(${query.department_id}::uuid[])))`);
  }
  if (query.status?.length) {
    const statuses = [...new Set(query.status.flatMap((status) => (status === NEED_APPROVAL ? NEED_APPROVAL_STATUSES : [status])))];
    conditions.push(sql`a.status = any(${statuses}::text[])`);
  }
  if (query.show_relevant_to_me) conditions.push(approvableBy(sql`a.user_id`, reader.approver));
  if (query.from) conditions.push(sql`coalesce(a.end_date, ${FAR_FUTURE}::date) >= ${query.from}::date`);
  if (query.to) conditions.push(sql`a.start_date <= ${query.to}::date`);
  if (query.search) {
    conditions.push(
      sql`lower(concat_ws(e'\\x1f', u.first_name, u.surname, u.first_name || ' ' || u.surname, lt.name)) LIKE lower(${containsPattern(query.search)})`,
    );
  }
  const order = ORDERS[query.sort ?? '-start_date'];
  const { rows } = await sql<AbsenceViewRow & { total: number }>`
    WITH page AS (
      SELECT a.id, count(*) OVER ()::int AS total, row_number() OVER (ORDER BY ${order}) AS pos
      FROM user_absences a JOIN users u ON u.id = a.user_id JOIN leave_types lt ON lt.id = a.leave_type_id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${order}
      OFFSET ${paging.offset} LIMIT ${paging.limit}
    )
    SELECT ${viewColumns(reader)}, page.total
    FROM page JOIN user_absences a ON a.id = page.id ${viewJoins}
    ORDER BY page.pos`.execute(trx);
  const count =
    rows[0]?.total ?? (paging.offset > 0 ? (await findAbsencePage(trx, { ...input, paging: { offset: 0, limit: 1 } })).count : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), count };
}

/** An absence of the team month as PostgreSQL writes it (JSON): its person's columns come from the people read with it. */
export type TimelineAbsenceJson = Omit<
  AbsenceViewRow,
  'first_name' | 'surname' | 'department_id' | 'department_name' | 'person_department_ids' | 'person_rank' | 'decided_at' | 'created_at'
> & {
  /** Timestamps as PostgreSQL's text, read by pg's own parser (the same Date as a column would give). */
  decided_at: string | null;
  created_at: string;
};

/**
 * The team month's absences as one JSON array, for a statement whose CTE `people` holds the
 * people shown: their live absences meeting `from` to `to` (at most `limit`, by start date) with
 * what the caller may do, and nothing of the person, which the people beside them say.
 */
export function timelineAbsencesJson(
  reader: AbsenceReader,
  input: { statuses: readonly string[]; from: string; to: string; limit: number },
): RawBuilder<TimelineAbsenceJson[]> {
  return sql<TimelineAbsenceJson[]>`coalesce((SELECT json_agg(json_build_object(
      'id', a.id, 'user_id', a.user_id,
      'leave_type_id', lt.id, 'leave_type_key', lt.key, 'leave_type_name', lt.name, 'leave_type_colour', lt.colour,
      'leave_type_paid', lt.paid, 'leave_type_deducted', lt.deducted,
      'start_date', a.start_date, 'end_date', a.end_date, 'duration_type', a.duration_type, 'half_day_part', a.half_day_part,
      'hours', a.hours, 'deduction', a.deduction, 'deduction_unit', a.deduction_unit, 'status', a.status, 'notes', a.notes,
      'decline_reason', a.decline_reason, 'cancel_reason', a.cancel_reason, 'blocked_override_reason', a.blocked_override_reason,
      'sickness_category', a.sickness_category, 'returned_on', a.returned_on,
      'requested_by_name', ${nameOf(sql`a.requested_by`)}, 'decided_by_name', ${nameOf(sql`a.decided_by`)},
      'decided_at', a.decided_at::text, 'created_at', a.created_at::text,
      'approver', ${decidableBy(sql`a.user_id`, ABSENCE_APPROVALS, reader.approver)},
      'return_to_work_id', (SELECT r.id FROM return_to_work_items r WHERE r.absence_id = a.id))
    ORDER BY a.start_date, a.created_at, a.id)
    FROM (SELECT a.* FROM user_absences a
          WHERE a.company_id = ${reader.companyId} AND ${readable(reader)} AND a.user_id IN (SELECT people.id FROM people)
            AND a.status = any(${[...input.statuses]}::text[])
            AND coalesce(a.end_date, ${FAR_FUTURE}::date) >= ${input.from}::date AND a.start_date <= ${input.to}::date
          ORDER BY ${ORDERS.start_date}
          LIMIT ${input.limit}) a
    JOIN leave_types lt ON lt.id = a.leave_type_id), '[]')`;
}

export async function findAbsenceEvents(trx: DbOrTrx, input: { companyId: string; absenceId: string }): Promise<AbsenceEvent[]> {
  const { rows } = await sql<Omit<AbsenceEvent, 'created_at'> & { created_at: Date }>`
    SELECT e.id, e.action, e.note, nullif(concat_ws(' ', u.first_name, u.surname), '') AS actor_name, e.created_at
    FROM user_absence_events e LEFT JOIN users u ON u.id = e.actor_id
    WHERE e.company_id = ${input.companyId} AND e.absence_id = ${input.absenceId}
    ORDER BY e.created_at, e.id`.execute(trx);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** What waits for the approver: pending requests and cancellation requests of the people they approve for, never their own. */
export async function countAwaitingApproval(trx: DbOrTrx, input: { companyId: string; approver: Approver }): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM user_absences a
    WHERE a.company_id = ${input.companyId} AND a.status IN (${needsDecision})
      AND ${approvableBy(sql`a.user_id`, input.approver)}`.execute(trx);
  return rows[0]?.n ?? 0;
}
