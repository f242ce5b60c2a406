// GET /api/user-suggested-absence/{userId}: what the request form shows before it is sent —
// the deduction day by day, the balance before and after, colleagues off on those days, a
// blocked period in the way, and the problem POST /api/user-absence would refuse with. The
// form's own rules come from the contract's CreateAbsenceInputSchema and everything else
// from assessAbsence, the function POST uses, so the two cannot disagree.
import * as v from 'valibot';
import { withTenant, type Db } from '../../../server/db/database';
import { actorOf } from '../../../server/http/person-access';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { Scope } from '../../../shared/scopes';
import { scopeCoversUser } from '../../../shared/scopes';
import { CreateAbsenceInputSchema, type SuggestedAbsence, type SuggestedAbsenceQuerySchema } from '../absences.contract';
import { leaveMessages } from '../leave.contract';
import { assessAbsence } from './absences-checks';
import { findAbsenceLeaveType, findAbsencePerson, findClashes } from './absences.queries';
import { absenceScopeReads } from './absences-view';
import { mayApprove } from '../../../server/approvals/approval-chain.queries';
import { ABSENCE_APPROVALS } from './leave.approvals';

export async function suggestAbsence(
  db: Db,
  input: { session: Session; level: Scope; userId: string; query: v.InferOutput<typeof SuggestedAbsenceQuerySchema> },
): Promise<SuggestedAbsence> {
  const { session, query } = input;
  const companyId = requireCompany(session, 'not_found');
  return withTenant(db, companyId, async (trx) => {
    const person = await findAbsencePerson(trx, { companyId, userId: input.userId });
    if (!person) throw AppError.notFound();
    const subject = { userId: person.id, companyId, departmentIds: person.department_ids };
    if (!scopeCoversUser(input.level, actorOf(session), subject)) throw AppError.forbidden();
    const leaveType = await findAbsenceLeaveType(trx, { companyId, id: query.leave_type_id });
    if (!leaveType || leaveType.archived) throw AppError.validation({ leave_type_id: [leaveMessages.unknown] });

    const durationType = query.duration_type ?? 'days';
    const form = v.safeParse(CreateAbsenceInputSchema, {
      user_id: person.id,
      leave_type_id: leaveType.id,
      start_date: query.start_date,
      end_date: query.end_date ?? null,
      duration_type: durationType,
      half_day_part: query.half_day_part ?? null,
      hours: query.hours ?? null,
    });
    const formProblem = form.success ? null : (form.issues[0]?.message ?? leaveMessages.date);
    const endDate =
      query.end_date && query.end_date >= query.start_date ? query.end_date : durationType === 'days' ? null : query.start_date;
    const assessment = await assessAbsence(trx, {
      companyId,
      person,
      actorId: session.userId,
      mayApprove: await mayApprove(trx, ABSENCE_APPROVALS, session, person.id),
      absence: {
        leaveType,
        startDate: query.start_date,
        endDate,
        durationType,
        halfDayPart: durationType === 'half_day' ? (query.half_day_part ?? null) : null,
        hours: durationType === 'hours' ? (query.hours ?? null) : null,
        // The form sends its reason with the request; here only whether one would be needed counts.
        blockedOverrideReason: 'shown on the form',
      },
    });
    const last = assessment.endDate ?? query.start_date;
    const clashes = await findClashes(trx, {
      companyId,
      userId: person.id,
      departmentIds: person.department_ids,
      from: query.start_date,
      to: last,
    });
    const deducted = leaveType.deducted;
    const available = deducted ? assessment.availableBefore : null;
    return {
      unit: assessment.unit,
      deduction: assessment.deduction.total,
      days: assessment.deduction.days,
      deducted,
      available_before: available,
      remaining_after: available === null ? null : Math.round((available - assessment.deduction.total) * 100) / 100,
      allow_negative: assessment.allowNegative,
      clashes: clashes.map((clash) => ({
        absence_id: clash.absence_id,
        user_id: clash.user_id,
        name: clash.name,
        start_date: clash.start_date,
        end_date: clash.end_date,
        leave_type_name: absenceScopeReads(session, { userId: clash.user_id, companyId, departmentIds: clash.department_ids })
          ? clash.leave_type_name
          : null,
      })),
      problem: formProblem ?? assessment.problem,
      blocked: assessment.blocked ? { id: assessment.blocked.id, name: assessment.blocked.name } : null,
      period: assessment.period
        ? { id: assessment.period.id, start_date: assessment.period.start_date, end_date: assessment.period.end_date }
        : deducted
          ? null
          : { id: null, start_date: assessment.year.start_date, end_date: assessment.year.end_date },
    };
  });
}
