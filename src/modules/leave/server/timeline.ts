// The team timeline (GET /api/absence-timeline): the people the caller may look at, their
// live absences over at most 62 days, the bank holidays of every region among them plus the
// company's own days, and the blocked periods — one screenful for the week and month views.
// Who is shown: company scope everyone; department scope their departments and line reports;
// own scope their department colleagues. Absences the caller's /api/user-absence GET level
// does not reach (an employee looking at colleagues) are shown as NEUTRAL_LEAVE_TYPE "Away",
// with nothing else about them: the contract's Absence has no null leave type.
import pg from 'pg';
import type { Session } from '../../../server/plugins/request-context';
import type { Trx } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { levelFor, type Scope } from '../../../shared/scopes';
import { bankHolidaysFor } from '../bank-holidays';
import { daysInclusive } from '../leave-rules';
import { type Absence } from '../absences.contract';
import { type Timeline } from '../leave-insights.contract';
import { type BankHoliday, type LeaveTypeSummary } from '../leave-settings.contract';
import { LEAVE_ENDPOINTS, LIVE_STATUSES, type BankHolidayRegion } from '../leave.contract';
import { timelineAbsencesJson, type AbsenceViewRow } from './absences-read.queries';
import { absenceScopeReads, readerOf, toAbsence } from './absences-view';
import { findTimeline, timelineReach } from './insights.queries';

export const TIMELINE_MAX_DAYS = 62;
export const timelineRangeMessage = `Show at most ${TIMELINE_MAX_DAYS} days at a time.`;
/** A screenful is never this many people; beyond it the client narrows by department or name. */
const TIMELINE_MAX_PEOPLE = 1000;
const TIMELINE_MAX_ABSENCES = 5000;
const TIMELINE_MAX_BLOCKED = 500;

/** A timestamp as PostgreSQL writes it in text, read as pg reads a timestamptz column. */
const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/** What an absence the caller may not look into shows instead of its leave type. */
export const NEUTRAL_LEAVE_TYPE: LeaveTypeSummary = { id: '', key: null, name: 'Away', colour: 'gray', paid: false, deducted: false };

/** Only the dates and the shape of the day survive: no type, reason, notes, amounts or names of deciders. */
function neutral(absence: Absence): Absence {
  return {
    ...absence,
    leave_type: NEUTRAL_LEAVE_TYPE,
    hours: absence.duration_type === 'hours' ? absence.hours : null,
    deduction: 0,
    status: absence.status === 'cancellation_requested' ? 'approved' : absence.status,
    notes: null,
    decline_reason: null,
    cancel_reason: null,
    blocked_override_reason: null,
    sickness_category: null,
    returned_on: null,
    requested_by_name: null,
    decided_by_name: null,
    decided_at: null,
    can_approve: false,
    can_cancel: false,
    return_to_work_id: null,
  };
}

/** The shipped days of `region` from `from` to `to`, as the contract's BankHoliday. */
function shippedDays(region: BankHolidayRegion, from: string, to: string): BankHoliday[] {
  const days: BankHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const day of bankHolidaysFor(region, year)) {
      if (day.date < from || day.date > to) continue;
      days.push({ id: `${region}:${day.date}`, date: day.date, name: day.name, region, projected: day.projected, company_added: false });
    }
  }
  return days;
}

export async function buildTimeline(
  trx: Trx,
  input: { session: Session; companyId: string; level: Scope; from: string; to: string; departmentIds?: string[]; search?: string },
): Promise<Timeline> {
  const { session, companyId, from, to } = input;
  if (to < from) throw AppError.validation({ to: ['The end date cannot be before the start date.'] });
  if (daysInclusive(from, to) > TIMELINE_MAX_DAYS) throw AppError.validation({ to: [timelineRangeMessage] }, timelineRangeMessage);

  const {
    people,
    bankHolidays: companyDays,
    blocked,
    absences: found,
  } = await findTimeline(trx, {
    companyId,
    reach: timelineReach({ level: input.level, userId: session.userId, departmentIds: session.departmentIds }),
    from,
    to,
    departmentIds: input.departmentIds,
    search: input.search,
    limit: TIMELINE_MAX_PEOPLE,
    blockedLimit: TIMELINE_MAX_BLOCKED,
    // The people are already the caller's reach: their absences are read company-wide.
    absences: timelineAbsencesJson(readerOf(session, companyId, 'company'), {
      statuses: LIVE_STATUSES,
      from,
      to,
      limit: TIMELINE_MAX_ABSENCES,
    }),
  });

  const peopleById = new Map(people.map((person) => [person.id, person]));
  const today = londonDate(new Date());
  const absences = found.map((json) => {
    const person = peopleById.get(json.user_id)!;
    // Written out rather than spread: a row of one shape keeps toAbsence's property reads fast.
    const row: AbsenceViewRow = {
      id: json.id,
      user_id: json.user_id,
      first_name: person.first_name,
      surname: person.surname,
      department_id: person.department_id,
      department_name: person.department_name,
      person_department_ids: person.department_ids,
      person_rank: person.rank,
      leave_type_id: json.leave_type_id,
      leave_type_key: json.leave_type_key,
      leave_type_name: json.leave_type_name,
      leave_type_colour: json.leave_type_colour,
      leave_type_paid: json.leave_type_paid,
      leave_type_deducted: json.leave_type_deducted,
      start_date: json.start_date,
      end_date: json.end_date,
      duration_type: json.duration_type,
      half_day_part: json.half_day_part,
      hours: json.hours,
      deduction: json.deduction,
      deduction_unit: json.deduction_unit,
      status: json.status,
      notes: json.notes,
      decline_reason: json.decline_reason,
      cancel_reason: json.cancel_reason,
      blocked_override_reason: json.blocked_override_reason,
      sickness_category: json.sickness_category,
      returned_on: json.returned_on,
      requested_by_name: json.requested_by_name,
      decided_by_name: json.decided_by_name,
      decided_at: json.decided_at === null ? null : parseTimestamp(json.decided_at),
      created_at: parseTimestamp(json.created_at),
      approver: json.approver,
      return_to_work_id: json.return_to_work_id,
    };
    const absence = toAbsence(row, session, companyId, today);
    const subject = { userId: row.user_id, companyId, departmentIds: row.person_department_ids };
    // Those the caller approves for (line reports elsewhere too) are theirs to know about.
    return absenceScopeReads(session, subject) || row.approver ? absence : neutral(absence);
  });

  const regions = [...new Set(people.map((person) => person.region))].sort();
  const bankHolidays = [...regions.flatMap((region) => shippedDays(region, from, to)), ...companyDays].sort(
    (a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name),
  );

  return {
    from,
    to,
    people: people.map(({ department_ids: _departmentIds, rank: _rank, ...person }) => person),
    absences,
    bank_holidays: bankHolidays,
    blocked,
  };
}

/** The caller's `/api/user-absence` GET level (the route has checked there is one). */
export function absenceReadLevel(session: Session): Scope {
  const level = levelFor(session.permissions, LEAVE_ENDPOINTS.absence, 'GET');
  if (level === null) throw AppError.forbidden();
  return level;
}
