// How an absence reaches a caller: the caller's reach (GET level, approver rights), the rows
// turned into the contract's Absence with what this caller may do now, and the detail with
// its history and — only past the special-category gate, audited — the medical detail.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import type { Trx } from '../../../server/db/database';
import { actorOf } from '../../../server/http/person-access';
import type { Session } from '../../../server/plugins/request-context';
import { londonDate } from '../../../shared/dates';
import {
  levelFor,
  scopeCoversUser,
  scopeReachesForWrite,
  type HttpMethod,
  type RankedSubject,
  type Scope,
  type ScopeSubject,
} from '../../../shared/scopes';
import { type Absence, type AbsenceDetail, type PersonSummary } from '../absences.contract';
import { LEAVE_ENDPOINTS } from '../leave.contract';
import { cancelOutcome, needsDecision } from '../leave.policy';
import { findAbsenceEvents, findMedicalDetail, type AbsenceReader, type AbsenceViewRow } from './absences-read.queries';
import { approverOf } from '../../../server/approvals/approval-chain';
import { ABSENCE_APPROVALS } from './leave.approvals';
import { leaveTypeSummaryOf } from './leave-type-summary';
import { absenceSickPay, sickPayOf } from './sick-pay';

/** The caller's level for `/api/user-absence` with `method`. */
export function absenceLevel(session: Session, method: HttpMethod): Scope | null {
  return levelFor(session.permissions, LEAVE_ENDPOINTS.absence, method);
}

/** Whether the caller's `/api/user-absence` GET level reaches the person. */
export function absenceScopeReads(session: Session, subject: ScopeSubject): boolean {
  return scopeCoversUser(absenceLevel(session, 'GET'), actorOf(session), subject);
}

/** Whether the caller's `/api/user-absence` level for a write reaches the person (no higher role at department scope). */
export function absenceScopeWrites(session: Session, method: Exclude<HttpMethod, 'GET'>, subject: RankedSubject): boolean {
  return scopeReachesForWrite(absenceLevel(session, method), actorOf(session), subject);
}

/** Whether the special-category gate lets the caller read (GET) or write (PUT) the person's medical detail. */
export function medicalGateCovers(session: Session, method: 'GET' | 'PUT', subject: RankedSubject): boolean {
  const level = levelFor(session.permissions, LEAVE_ENDPOINTS.specialCategory, method);
  if (method === 'GET') return scopeCoversUser(level, actorOf(session), subject);
  return scopeReachesForWrite(level, actorOf(session), subject);
}

export function readerOf(session: Session, companyId: string, level: Scope): AbsenceReader {
  return {
    companyId,
    userId: session.userId,
    departmentIds: session.departmentIds,
    level,
    approver: approverOf(ABSENCE_APPROVALS, session),
  };
}

/** The contract's Absence for this caller: can_approve while it waits, can_cancel by the rules of leave.policy. */
/** The person an absence (or its return to work) is of, from the columns read with it. */
export function personSummaryOf(row: {
  user_id: string;
  first_name: string;
  surname: string;
  department_id: string | null;
  department_name: string | null;
}): PersonSummary {
  return {
    id: row.user_id,
    first_name: row.first_name,
    surname: row.surname,
    department_id: row.department_id,
    department_name: row.department_name,
  };
}

export function toAbsence(row: AbsenceViewRow, session: Session, companyId: string, today = londonDate(new Date())): Absence {
  const subject = { userId: row.user_id, companyId, departmentIds: row.person_department_ids, rank: row.person_rank };
  const actor = {
    isPerson: row.user_id === session.userId,
    mayBook: absenceScopeWrites(session, 'POST', subject),
    mayApprove: row.approver,
  };
  return {
    id: row.id,
    user: personSummaryOf(row),
    leave_type: leaveTypeSummaryOf(row),
    start_date: row.start_date,
    end_date: row.end_date,
    duration_type: row.duration_type,
    half_day_part: row.half_day_part,
    hours: row.hours,
    deduction: row.deduction,
    deduction_unit: row.deduction_unit,
    status: row.status,
    notes: row.notes,
    decline_reason: row.decline_reason,
    cancel_reason: row.cancel_reason,
    blocked_override_reason: row.blocked_override_reason,
    sickness_category: row.sickness_category,
    returned_on: row.returned_on,
    requested_by_name: row.requested_by_name,
    decided_by_name: row.decided_by_name,
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    can_approve: row.approver && needsDecision(row.status),
    can_cancel: cancelOutcome({ status: row.status, started: row.start_date <= today, actor }) !== null,
    return_to_work_id: row.return_to_work_id,
  };
}

/** A sickness absence's Statutory Sick Pay (null for other leave, and for half days or hours off sick). */
async function sickPayOfAbsence(trx: Trx, companyId: string, row: AbsenceViewRow) {
  if (row.leave_type_key !== 'sickness' || row.duration_type !== 'days') return null;
  const people = await sickPayOf(trx, { companyId, userIds: [row.user_id], today: londonDate(new Date()) });
  const person = people.get(row.user_id);
  return person ? absenceSickPay(person, row.id) : null;
}

/**
 * The detail: the absence, its history, its Statutory Sick Pay when sickness, and
 * `medical_detail` only when the gate covers the person (the key is absent otherwise); a
 * medical detail shown is audited like any special-category read.
 */
export async function toAbsenceDetail(
  trx: Trx,
  input: { caller: AuditCaller; companyId: string; row: AbsenceViewRow },
): Promise<AbsenceDetail> {
  const { caller, companyId, row } = input;
  const { session } = caller;
  const absence = toAbsence(row, session, companyId);
  const events = await findAbsenceEvents(trx, { companyId, absenceId: row.id });
  const sickPay = await sickPayOfAbsence(trx, companyId, row);
  const subject = { userId: row.user_id, companyId, departmentIds: row.person_department_ids, rank: row.person_rank };
  if (!medicalGateCovers(session, 'GET', subject)) return { ...absence, events, sick_pay: sickPay };
  const medical = await findMedicalDetail(trx, { companyId, absenceId: row.id });
  if (medical !== null) {
    await auditCaller(trx, caller, {
      companyId,
      action: 'user_absence_medical.read',
      targetType: 'user',
      targetId: row.user_id,
      details: { absence_id: row.id },
    });
  }
  return { ...absence, events, medical_detail: medical, sick_pay: sickPay };
}
