// A claim's own life as the claimant lives it: made (as a draft or submitted at once),
// changed while not yet approved (a rejected claim is edited, then resubmitted), submitted,
// withdrawn. Each write is one tenant transaction with its history event, audit entry,
// notifications and realtime event. The decisions are in claim-steps.service.ts.
import { randomUUID } from 'node:crypto';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { isUniqueViolation } from '../../../server/db/pg-errors';
import { deleteFiles } from '../../../server/files/files.queries';
import { findPersonSubject } from '../../../server/http/person-subject.queries';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import {
  EDITABLE_STATUSES,
  CLAIM_STATUS_LABELS,
  expenseMessages,
  pounds,
  type ClaimInput,
  type ClaimStatus,
  type ExpenseClaimDetail,
} from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { claimActor, relationTo } from './claim-access';
import { askApprovers, endClaimTodos, publishClaimChange, type ClaimFacts } from './claim-notify';
import { EXPENSE_DECIDE, EXPENSE_RESUBMIT } from './expenses.todos';
import { claimKindOf, lineErrors, priceItems } from './claim-pricing';
import { toClaimDetail } from './claim-view';
import { deleteClaim, findClaimFacts, findItems, insertClaim, insertEvent, lockClaim, replaceItems, updateClaim } from './claims.queries';
import { findClaimView, findReceipts } from './claims-read.queries';
import { listExpenseTypes } from './expense-types.queries';

/** Who acts on a claim, and the outbox to wake once e-mail it queued is committed. */
export type ExpenseCaller = AuditCaller & { db: Db; mail: Pick<MailDispatcher, 'wake'> };

/** The claim as the caller sees it after a write (they were allowed to act on it). */
export async function detailAfterWrite(trx: Trx, session: Session, companyId: string, id: string): Promise<ExpenseClaimDetail> {
  const row = await findClaimView(trx, { companyId, actor: claimActor(session), id });
  if (!row) throw AppError.notFound();
  return toClaimDetail(trx, { session, companyId, row });
}

/** The claim as the caller may read it: 404 when there is none in their company, 403 out of reach. */
export async function readClaim(db: Db, session: Session, id: string): Promise<ExpenseClaimDetail | undefined> {
  const companyId = requireCompany(session, 'not_found');
  return withTenant(db, companyId, async (trx) => {
    const row = await findClaimView(trx, { companyId, actor: claimActor(session), id });
    if (!row) return undefined;
    const subject = await findPersonSubject(trx, { companyId, userId: row.user_id });
    if (!subject) return undefined;
    const relation = await relationTo(trx, session, subject);
    if (!relation.readable || (row.status === 'draft' && !relation.claimant)) throw AppError.forbidden();
    return toClaimDetail(trx, { session, companyId, row });
  });
}

const CLAIM_SUMMARY_WORDS: Record<string, string> = {
  expense: 'an expense claim',
  mileage: 'a mileage claim',
  mixed: 'an expense and mileage claim',
};
export const summaryOf = (claim: { claim_type: string; total_pence: number }) =>
  `${CLAIM_SUMMARY_WORDS[claim.claim_type] ?? 'an expense claim'} of ${formatPounds(pounds(claim.total_pence))}`;

/** What the claim's notifications say of it, and what was approved of it. */
export async function claimFacts(trx: Trx, companyId: string, claimId: string): Promise<ClaimFacts & { approvedPence: number | null }> {
  const row = await findClaimFacts(trx, { companyId, claimId });
  return {
    companyId,
    claimId,
    userId: row.user_id,
    personName: `${row.first_name} ${row.surname}`,
    summary: summaryOf(row),
    approvedPence: row.approved_pence,
  };
}

/** Every receipt item whose type asks for a receipt has one: field errors naming the item otherwise. */
async function checkReceipts(trx: Trx, companyId: string, claimId: string): Promise<void> {
  const items = await findItems(trx, { companyId, claimId });
  const receipts = new Set((await findReceipts(trx, { companyId, claimId })).map((receipt) => receipt.item_id));
  const typeIds = [...new Set(items.flatMap((item) => (item.expense_type_id ? [item.expense_type_id] : [])))];
  const types = new Map((await listExpenseTypes(trx, { companyId, includeArchived: true, ids: typeIds })).map((type) => [type.id, type]));
  const errors: FieldErrors = {};
  // Journeys are not counted: `items.N` is the Nth receipt item, as the claim's body has them.
  items
    .filter((item) => item.miles_tenths === null)
    .forEach((item, index) => {
      const type = item.expense_type_id ? types.get(item.expense_type_id) : undefined;
      if (type?.receipt_required && !receipts.has(item.id))
        errors[`items.${index}.receipts`] = [expenseMessages.receiptRequired(type.name)];
    });
  if (Object.keys(errors).length > 0) throw lineErrors(errors);
}

/** Submits a claim inside the caller's transaction; returns how many approvers were e-mailed. */
async function submitInTrx(trx: Trx, caller: ExpenseCaller, companyId: string, claimId: string, resubmit: boolean): Promise<number> {
  await checkReceipts(trx, companyId, claimId);
  await updateClaim(trx, {
    companyId,
    id: claimId,
    patch: { status: 'submitted', submitted_at: new Date(), decided_at: null, decided_by: null, reject_reason: null, approved_pence: null },
  });
  await insertEvent(trx, { companyId, claimId, actorId: caller.session.userId, action: resubmit ? 'resubmitted' : 'submitted' });
  if (resubmit) await endClaimTodos(trx, { companyId, claimId }, [EXPENSE_RESUBMIT]);
  return askApprovers(trx, await claimFacts(trx, companyId, claimId), caller.session.userId);
}

async function writeItems(trx: Trx, input: { companyId: string; userId: string; claimId: string; claim: ClaimInput }): Promise<void> {
  const { items, totals } = await priceItems(trx, input);
  await replaceItems(trx, { companyId: input.companyId, claimId: input.claimId, items });
  await updateClaim(trx, { companyId: input.companyId, id: input.claimId, patch: { ...totals, description: input.claim.description } });
}

const taken = (error: unknown) => {
  if (isUniqueViolation(error)) throw new AppError('conflict', { message: expenseMessages.idTaken });
  throw error;
};

export async function createClaim(caller: ExpenseCaller, body: ClaimInput): Promise<ExpenseClaimDetail> {
  const { session } = caller;
  const companyId = requireCompany(session, 'not_found');
  const claimId = body.id ?? randomUUID();
  const { detail, mailed } = await withTenant(caller.db, companyId, async (trx) => {
    const person = await findPersonSubject(trx, { companyId, userId: session.userId });
    if (!person) throw AppError.notFound();
    await insertClaim(trx, {
      id: claimId,
      companyId,
      userId: session.userId,
      claimType: claimKindOf({ receipts: body.items.length, journeys: body.journeys.length }),
      description: body.description,
    }).catch(taken);
    await writeItems(trx, { companyId, userId: session.userId, claimId, claim: body }).catch(taken);
    await insertEvent(trx, { companyId, claimId, actorId: session.userId, action: 'created' });
    const mailed = body.submit ? await submitInTrx(trx, caller, companyId, claimId, false) : 0;
    await auditCaller(trx, caller, {
      companyId,
      action: 'expense.created',
      targetType: 'expense',
      targetId: claimId,
      details: { submit: body.submit },
    });
    await publishClaimChange(trx, companyId);
    return { detail: await detailAfterWrite(trx, session, companyId, claimId), mailed };
  });
  if (mailed > 0) caller.mail.wake();
  return detail;
}

/**
 * The claim locked for a change by its claimant: 404 unknown, 403 someone else's, 409 locked —
 * or acted on since the claimant's form was filled (`seenStatus`), which their edit must not overwrite.
 */
async function lockOwnClaim(trx: Trx, session: Session, companyId: string, id: string, seenStatus?: ClaimStatus) {
  const claim = await lockClaim(trx, { companyId, id });
  if (!claim) throw AppError.notFound();
  if (claim.user_id !== session.userId) {
    const subject = await findPersonSubject(trx, { companyId, userId: claim.user_id });
    const relation = subject ? await relationTo(trx, session, subject) : null;
    if (!relation?.readable || claim.status === 'draft') throw AppError.notFound();
    throw AppError.forbidden(expenseMessages.notYours);
  }
  if (seenStatus && claim.status !== seenStatus)
    throw new AppError('conflict', { message: expenseMessages.changedMeanwhile(claim.status) });
  if (!EDITABLE_STATUSES.includes(claim.status)) throw new AppError('conflict', { message: expenseMessages.locked });
  return claim;
}

export async function updateClaimByOwner(caller: ExpenseCaller, id: string, body: ClaimInput): Promise<ExpenseClaimDetail> {
  const { session } = caller;
  const companyId = requireCompany(session, 'not_found');
  const { detail, mailed } = await withTenant(caller.db, companyId, async (trx) => {
    const claim = await lockOwnClaim(trx, session, companyId, id, body.seen_status);
    await writeItems(trx, { companyId, userId: session.userId, claimId: id, claim: body }).catch(taken);
    await insertEvent(trx, { companyId, claimId: id, actorId: session.userId, action: 'edited' });
    // A submitted claim stays submitted (approvers see the change); a rejected one goes back when asked.
    const shouldSubmit = claim.status === 'submitted' || body.submit;
    const mailed =
      claim.status === 'submitted'
        ? (await checkReceipts(trx, companyId, id), 0)
        : shouldSubmit
          ? await submitInTrx(trx, caller, companyId, id, claim.status === 'rejected')
          : 0;
    await auditCaller(trx, caller, { companyId, action: 'expense.updated', targetType: 'expense', targetId: id, details: null });
    await publishClaimChange(trx, companyId);
    return { detail: await detailAfterWrite(trx, session, companyId, id), mailed };
  });
  if (mailed > 0) caller.mail.wake();
  return detail;
}

export async function submitClaim(caller: ExpenseCaller, id: string): Promise<ExpenseClaimDetail> {
  const { session } = caller;
  const companyId = requireCompany(session, 'not_found');
  const { detail, mailed } = await withTenant(caller.db, companyId, async (trx) => {
    const claim = await lockOwnClaim(trx, session, companyId, id);
    if (claim.status === 'submitted')
      throw new AppError('conflict', { message: `This claim is already ${CLAIM_STATUS_LABELS.submitted.toLowerCase()}.` });
    const mailed = await submitInTrx(trx, caller, companyId, id, claim.status === 'rejected');
    await auditCaller(trx, caller, { companyId, action: 'expense.submitted', targetType: 'expense', targetId: id, details: null });
    await publishClaimChange(trx, companyId);
    return { detail: await detailAfterWrite(trx, session, companyId, id), mailed };
  });
  if (mailed > 0) caller.mail.wake();
  return detail;
}

/** Withdraws a claim not yet approved; its receipts' bytes go with the returned storage keys. */
export async function withdrawClaim(caller: ExpenseCaller, id: string): Promise<string[]> {
  const { session } = caller;
  const companyId = requireCompany(session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    await lockOwnClaim(trx, session, companyId, id);
    const receipts = await findReceipts(trx, { companyId, claimId: id });
    await deleteClaim(trx, { companyId, id });
    await endClaimTodos(trx, { companyId, claimId: id }, [EXPENSE_DECIDE, EXPENSE_RESUBMIT]);
    await deleteFiles(trx, { companyId, ids: receipts.map((receipt) => receipt.file_id) });
    await auditCaller(trx, caller, { companyId, action: 'expense.withdrawn', targetType: 'expense', targetId: id, details: null });
    await publishClaimChange(trx, companyId);
    return receipts.map((receipt) => receipt.storage_key);
  });
}

export { lockOwnClaim };
