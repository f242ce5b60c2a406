// The only SQL of the calendar feed: what the token's holder approves (system scope: the token
// is all the request carries) and the absences their feed shows (in their company's scope).
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';
import type { Approver } from '../../../server/approvals/approval-chain';
import { approvableBy } from '../../../server/approvals/approval-chain.queries';
import { LEAVE_ENDPOINTS, type DurationType, type HalfDayPart } from '../leave.contract';

export type FeedOwner = {
  department_ids: string[];
  company_wide: boolean;
  department_scope: boolean;
  rank: number;
};

const holds = (types: string[]) => sql<boolean>`exists (select 1 from role_permissions p
  where p.role_id = u.role_id and p.endpoint = ${LEAVE_ENDPOINTS.approve} and p.method = 'PUT' and p.type = any(${types}::text[]))`;

/** What the feed's holder approves, as their session would have it. */
export async function findFeedOwner(trx: Trx, userId: string): Promise<FeedOwner | undefined> {
  const { rows } = await sql<FeedOwner>`
    select array(select u.department_id where u.department_id is not null
            union select ud.department_id from user_departments ud where ud.user_id = u.id)::text[] as department_ids,
      ${holds(['company', 'global'])} as company_wide, ${holds(['department'])} as department_scope,
      ${roleRankOf(sql`u.role_id`)} as rank
    from users u
    where u.id = ${userId}`.execute(trx);
  return rows[0];
}

export type FeedAbsence = {
  id: string;
  first_name: string;
  surname: string;
  leave_type_name: string;
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
  status: string;
  updated_at: Date;
};

/**
 * Approved absences (and those whose cancellation still waits: they hold until it is agreed)
 * of the owner and of the people they may approve for, meeting `from`..`to`.
 */
export async function findFeedAbsences(
  trx: Trx,
  input: { companyId: string; approver: Approver; from: string; to: string; limit: number },
): Promise<FeedAbsence[]> {
  const { rows } = await sql<FeedAbsence>`
    select a.id, u.first_name, u.surname, lt.name as leave_type_name, a.start_date, a.end_date, a.duration_type,
      a.half_day_part, a.hours, a.status, a.updated_at
    from user_absences a
    join users u on u.id = a.user_id
    join leave_types lt on lt.id = a.leave_type_id
    where a.company_id = ${input.companyId} and a.status in ('approved', 'cancellation_requested')
      and a.start_date <= ${input.to}::date and coalesce(a.end_date, ${input.to}::date) >= ${input.from}::date
      and (a.user_id = ${input.approver.userId} or ${approvableBy(sql`a.user_id`, input.approver)})
    order by a.start_date, a.id
    limit ${input.limit}`.execute(trx);
  return rows;
}
