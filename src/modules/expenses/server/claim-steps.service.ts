// The decisions on a submitted claim: approve (in full, or in part with an approved amount per
// item), reject with a reason (the claimant edits and resubmits), bulk approval all or nothing,
// and marking an approved claim paid. Approvers are the claimant's line managers and whoever
// holds /api/user-expense PUT at a scope reaching them — never the claimant.
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { findPersonSubject } from '../../../server/http/person-subject.queries';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { formatCalendarDate, DATE_FORMATS } from '../../../shared/dates';
import { APPROVED_STATUSES, expenseMessages, pounds, toPence, type ApproveInput, type ExpenseClaimDetail } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { managesCompanyExpenses, relationTo } from './claim-access';
import { endClaimTodos, publishClaimChange, tellClaimant } from './claim-notify';
import { EXPENSE_DECIDE } from './expenses.todos';
import { claimFacts, detailAfterWrite, type ExpenseCaller } from './claims.service';
import { findItems, insertEvent, lockClaim, setApprovedAmounts, updateClaim } from './claims.queries';

/** The submitted claim locked for a decision by the caller: 404, 403 (own claim, out of reach), 409 not waiting. */
async function lockForDecision(trx: Trx, session: Session, companyId: string, id: string) {
  const claim = await lockClaim(trx, { companyId, id });
  if (!claim) throw AppError.notFound();
  const subject = await findPersonSubject(trx, { companyId, userId: claim.user_id });
  if (!subject) throw AppError.notFound();
  const relation = await relationTo(trx, session, subject);
  if (claim.status === 'draft' && !relation.claimant) throw AppError.notFound();
  if (relation.claimant) throw AppError.forbidden(expenseMessages.cannotApproveOwn);
  if (!relation.approver) throw AppError.forbidden();
  if (claim.status !== 'submitted') throw new AppError('conflict', { message: expenseMessages.notSubmitted });
  return claim;
}

async function approveInTrx(trx: Trx, caller: ExpenseCaller, companyId: string, id: string, input: ApproveInput): Promise<void> {
  const { session } = caller;
  await lockForDecision(trx, session, companyId, id);
  const items = await findItems(trx, { companyId, claimId: id });
  const byId = new Map(items.map((item) => [item.id, item]));
  const asked = new Map(input.items.map((entry) => [entry.id, toPence(entry.approved_amount)]));
  const errors: FieldErrors = {};
  input.items.forEach((entry, index) => {
    const item = byId.get(entry.id);
    if (!item) errors[`items.${index}.id`] = [expenseMessages.unknownItem];
    else if (toPence(entry.approved_amount) > item.gross_pence)
      errors[`items.${index}.approved_amount`] = [expenseMessages.approvedOverClaimed];
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);

  const amounts = new Map<string, { approved: number; taxable: number }>();
  let approvedTotal = 0;
  let taxableTotal = 0;
  for (const item of items) {
    const approved = asked.get(item.id) ?? item.gross_pence;
    // Mileage paid over HMRC's approved amount is taxable; a reduction comes off the excess first.
    const taxable = item.hmrc_pence === null ? 0 : Math.max(0, approved - item.hmrc_pence);
    amounts.set(item.id, { approved, taxable });
    approvedTotal += approved;
    taxableTotal += taxable;
  }
  if (approvedTotal === 0) throw AppError.validation({ items: [expenseMessages.nothingApproved] }, expenseMessages.nothingApproved);
  const full = items.every((item) => (amounts.get(item.id)?.approved ?? 0) === item.gross_pence);
  await setApprovedAmounts(trx, { companyId, claimId: id, amounts });
  await endClaimTodos(trx, { companyId, claimId: id }, [EXPENSE_DECIDE]);
  await updateClaim(trx, {
    companyId,
    id,
    patch: {
      status: full ? 'approved' : 'partly_approved',
      approved_pence: approvedTotal,
      taxable_pence: taxableTotal,
      decided_at: new Date(),
      decided_by: session.userId,
    },
  });
  await insertEvent(trx, {
    companyId,
    claimId: id,
    actorId: session.userId,
    action: full ? 'approved' : 'partly_approved',
    note: input.note || null,
  });
  const facts = await claimFacts(trx, companyId, id);
  await tellClaimant(trx, facts, {
    actorId: session.userId,
    text: full
      ? `Your ${facts.summary.replace(/^an? /, '')} was approved.`
      : `Your ${facts.summary.replace(/^an? /, '')} was partly approved: ${formatPounds(pounds(approvedTotal))}.`,
  });
  await auditCaller(trx, caller, {
    companyId,
    action: 'expense.approved',
    targetType: 'expense',
    targetId: id,
    details: { approved_pence: approvedTotal },
  });
}

export async function approveClaim(caller: ExpenseCaller, id: string, input: ApproveInput): Promise<ExpenseClaimDetail> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    await approveInTrx(trx, caller, companyId, id, input);
    await publishClaimChange(trx, companyId);
    return detailAfterWrite(trx, caller.session, companyId, id);
  });
}

/** Approves every claim in full, or none: the first refusal names the claim. */
export async function bulkApproveClaims(caller: ExpenseCaller, ids: string[]): Promise<number> {
  const companyId = requireCompany(caller.session, 'not_found');
  const unique = [...new Set(ids)];
  return withTenant(caller.db, companyId, async (trx) => {
    for (const id of unique) await approveInTrx(trx, caller, companyId, id, { items: [], note: '' });
    await publishClaimChange(trx, companyId);
    return unique.length;
  });
}

export async function rejectClaim(caller: ExpenseCaller, id: string, reason: string): Promise<ExpenseClaimDetail> {
  const { session } = caller;
  const companyId = requireCompany(session, 'not_found');
  const { detail, mailed } = await withTenant(caller.db, companyId, async (trx) => {
    await lockForDecision(trx, session, companyId, id);
    await updateClaim(trx, {
      companyId,
      id,
      patch: { status: 'rejected', reject_reason: reason, decided_at: new Date(), decided_by: session.userId, approved_pence: null },
    });
    await endClaimTodos(trx, { companyId, claimId: id }, [EXPENSE_DECIDE]);
    await insertEvent(trx, { companyId, claimId: id, actorId: session.userId, action: 'rejected', note: reason });
    const facts = await claimFacts(trx, companyId, id);
    const mailed = await tellClaimant(trx, facts, {
      actorId: session.userId,
      todo: true,
      text: `Your ${facts.summary.replace(/^an? /, '')} was rejected: ${reason} Please change it and submit it again.`,
    });
    await auditCaller(trx, caller, { companyId, action: 'expense.rejected', targetType: 'expense', targetId: id, details: null });
    await publishClaimChange(trx, companyId);
    return { detail: await detailAfterWrite(trx, session, companyId, id), mailed };
  });
  if (mailed > 0) caller.mail.wake();
  return detail;
}

/** Company scope marks an approved claim paid (outside payroll) on a date. */
export async function payClaim(caller: ExpenseCaller, id: string, payDate: string): Promise<ExpenseClaimDetail> {
  const { session } = caller;
  const companyId = requireCompany(session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    const claim = await lockClaim(trx, { companyId, id });
    if (!claim || (claim.status === 'draft' && claim.user_id !== session.userId)) throw AppError.notFound();
    if (!managesCompanyExpenses(session)) throw AppError.forbidden();
    if (claim.user_id === session.userId) throw AppError.forbidden(expenseMessages.cannotApproveOwn);
    if (!APPROVED_STATUSES.includes(claim.status)) throw new AppError('conflict', { message: expenseMessages.notApproved });
    await updateClaim(trx, { companyId, id, patch: { status: 'paid', paid_on: payDate } });
    await insertEvent(trx, { companyId, claimId: id, actorId: session.userId, action: 'paid', note: null });
    const facts = await claimFacts(trx, companyId, id);
    await tellClaimant(trx, facts, {
      actorId: session.userId,
      text: `Your ${facts.summary.replace(/^an? /, '')} was paid on ${formatCalendarDate(payDate, DATE_FORMATS.date)}: ${formatPounds(pounds(facts.approvedPence ?? 0))}.`,
    });
    await auditCaller(trx, caller, {
      companyId,
      action: 'expense.paid',
      targetType: 'expense',
      targetId: id,
      details: { pay_date: payDate },
    });
    await publishClaimChange(trx, companyId);
    return detailAfterWrite(trx, session, companyId, id);
  });
}
