// Leave and absences — return-to-work part: items, self-certification, fit notes, reviews.
// An item is the person's to complete (a self-certification, or a fit note uploaded by them
// or by HR for them), then a reviewer's to close: someone who may approve the person's
// absences and whose /api/return-to-work PUT scope covers them. The answers and the fit note
// are special-category: only the person, HR admins and owners read them, audited.
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { FILE_TYPES } from '../../../server/files/file-types';
import { inCompany } from '../../../server/http/company';
import { actorOf } from '../../../server/http/person-access';
import type { FileStorage } from '../../../server/files/storage';
import type { ReceivedUpload, ReceiveUploadOptions } from '../../../server/files/uploads';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import type { PendingCounter } from '../../../server/pending-count/pending-count.registry';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError, isAppError } from '../../../shared/app-error';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { Paging } from '../../../shared/list';
import { companyChannel } from '../../../shared/realtime';
import { levelFor, scopeCoversUser, type HttpMethod, type Scope } from '../../../shared/scopes';
import { LEAVE_ENDPOINTS, LEAVE_INVALIDATES, LEAVE_RESOURCES, leaveMessages, leavePaths } from '../leave.contract';
import {
  type ReturnToWorkItem,
  type ReturnToWorkQuerySchema,
  type ReviewInputSchema,
  type SelfCertificationAnswers,
  type SelfCertificationInputSchema,
} from '../return-to-work.contract';
import { approverOf } from '../../../server/approvals/approval-chain';
import { approversToAsk, mayApprove } from '../../../server/approvals/approval-chain.queries';
import { ABSENCE_APPROVALS } from './leave.approvals';
import { RETURN_TO_WORK_COMPLETE, RETURN_TO_WORK_REVIEW } from './leave.todos';
import { calendarDays, RTW_STEP } from './return-to-work';
import { insertAbsenceEvent } from './absences.queries';
import { personSummaryOf } from './absences-view';
import {
  closeItem,
  countWaiting,
  getFitNoteFile,
  getItem,
  listItems,
  lockItem,
  saveFitNote,
  saveSelfCertification,
  type ItemRow,
  type Reach,
} from './return-to-work.queries';
import type { LeaveCaller } from './settings-access';

type Caller = LeaveCaller;

const ENDPOINT = LEAVE_ENDPOINTS.returnToWork;
const SPECIAL = LEAVE_ENDPOINTS.specialCategory;
/** A fit note is a letter from a doctor: a scan or a photo of it. */
const FIT_NOTE_TYPES = [FILE_TYPES.pdf, FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.heic, FILE_TYPES.heif];
const FIT_NOTE_MAX_BYTES = 10 * 1024 * 1024;
const fitNoteTypeMessage = 'Upload the fit note as a PDF, JPEG, PNG or HEIC file.';

const subjectOf = (row: ItemRow) => ({ userId: row.user_id, companyId: row.company_id, departmentIds: row.department_ids });
const covers = (session: Session, endpoint: string, method: HttpMethod, row: ItemRow) =>
  scopeCoversUser(levelFor(session.permissions, endpoint, method), actorOf(session), subjectOf(row));

/** The special-category gate: the person themselves, HR admins and owners; never a manager for a report. */
const seesMedical = (session: Session, row: ItemRow, method: 'GET' | 'PUT' = 'GET') => covers(session, SPECIAL, method, row);

function reachOf(session: Session, level: Scope): Reach {
  return { userId: session.userId, departmentIds: session.departmentIds, level, approver: approverOf(ABSENCE_APPROVALS, session) };
}

function toItem(row: ItemRow, input: { answers: boolean; canComplete: boolean; canReview: boolean }): ReturnToWorkItem {
  return {
    id: row.id,
    absence_id: row.absence_id,
    user: personSummaryOf(row),
    kind: row.kind,
    status: row.status,
    first_day: row.first_day,
    last_day: row.last_day,
    calendar_days: calendarDays(row.first_day, row.last_day),
    sickness_category: row.sickness_category,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    reviewed_by_name: row.reviewed_by_name,
    review_note: row.review_note,
    fit_note_file:
      row.fit_note_file_id && row.fit_note_name
        ? { id: row.fit_note_file_id, name: row.fit_note_name, download_path: leavePaths.fitNote(row.id) }
        : null,
    ...(input.answers ? { answers: row.answers } : {}),
    can_complete: input.canComplete,
    can_review: input.canReview,
    created_at: row.created_at.toISOString(),
  };
}

const canComplete = (session: Session, row: ItemRow) => row.user_id === session.userId && row.status === 'awaiting_employee';

const audit = (trx: Trx, caller: Caller, row: ItemRow, action: string) =>
  auditCaller(trx, caller, {
    companyId: row.company_id,
    action,
    targetType: 'user',
    targetId: row.user_id,
    details: { return_to_work_id: row.id },
  });

/** The item as the caller may see it; reading someone's answers leaves an audit entry. */
async function present(trx: Trx, caller: Caller, row: ItemRow, canReview: boolean): Promise<ReturnToWorkItem> {
  const { session } = caller;
  const answers = seesMedical(session, row);
  if (answers && row.answers !== null) await audit(trx, caller, row, 'return_to_work.answers_read');
  return toItem(row, { answers, canComplete: canComplete(session, row), canReview });
}

async function reviewable(trx: Trx, session: Session, row: ItemRow): Promise<boolean> {
  return (
    row.status === 'awaiting_review' &&
    covers(session, ENDPOINT, 'PUT', row) &&
    (await mayApprove(trx, ABSENCE_APPROVALS, session, row.user_id))
  );
}

const personName = (row: ItemRow) => `${row.first_name} ${row.surname}`;

/** Tells whoever reviews the person's absences that the item waits for them. */
async function askReviewers(trx: Trx, row: ItemRow, what: string): Promise<void> {
  const dates = `${formatCalendarDate(row.first_day, DATE_FORMATS.date)} to ${formatCalendarDate(row.last_day, DATE_FORMATS.date)}`;
  const text = `${personName(row)} has ${what} for their sickness absence from ${dates}. Please review their return to work.`;
  for (const userId of await approversToAsk(trx, ABSENCE_APPROVALS, { companyId: row.company_id, userId: row.user_id })) {
    await notify(trx, {
      companyId: row.company_id,
      userId,
      description: escapeHtml(text),
      relatesTo: 'return_to_work',
      relatesToId: row.id,
      todo: true,
      kind: RETURN_TO_WORK_REVIEW.kind,
      subject: todoSubject('return_to_work', row.id, RTW_STEP.review),
      email: { subject: 'A return to work to review', text },
    });
  }
}

const announce = (trx: Trx, companyId: string) =>
  publish(trx, {
    channel: companyChannel(companyId),
    event: LEAVE_RESOURCES.returnToWork,
    invalidates: LEAVE_INVALIDATES.returnToWork,
    companyId,
  });

/** The item for a step: 404 when the company has none by that id. */
async function lockedItem(trx: Trx, companyId: string, id: string): Promise<ItemRow> {
  if (!(await lockItem(trx, { companyId, id }))) throw AppError.notFound();
  const row = await getItem(trx, { companyId, id });
  if (!row) throw AppError.notFound();
  return row;
}

const wrongStep = () => new AppError('conflict', { message: leaveMessages.wrongStep });

export async function listReturnToWork(
  caller: Caller & { scope: Scope },
  input: { query: v.InferOutput<typeof ReturnToWorkQuerySchema>; paging: Paging },
): Promise<{ results: ReturnToWorkItem[]; count: number }> {
  const { session, scope } = caller;
  const { query, paging } = input;
  return inCompany(caller, async (trx, companyId) => {
    const { rows, count } = await listItems(trx, {
      companyId,
      reach: reachOf(session, scope),
      reviewLevel: levelFor(session.permissions, ENDPOINT, 'PUT'),
      status: query.status,
      userId: query.user_id,
      relevantToMe: query.show_relevant_to_me === true,
      offset: paging.offset,
      limit: paging.limit,
    });
    const results: ReturnToWorkItem[] = [];
    for (const row of rows) results.push(await present(trx, caller, row, row.status === 'awaiting_review' && row.reviewable));
    return { results, count };
  });
}

export async function getReturnToWork(caller: Caller & { scope: Scope }, id: string): Promise<ReturnToWorkItem | null> {
  const { session, scope } = caller;
  return inCompany(caller, async (trx, companyId) => {
    const row = await getItem(trx, { companyId, id });
    if (!row) return null;
    if (!scopeCoversUser(scope, actorOf(session), subjectOf(row))) throw AppError.forbidden();
    return present(trx, caller, row, await reviewable(trx, session, row));
  });
}

/** The person's own self-certification (never someone else's on their behalf: it is a declaration). */
export async function selfCertify(
  caller: Caller,
  input: { id: string; answers: v.InferOutput<typeof SelfCertificationInputSchema> },
): Promise<ReturnToWorkItem> {
  const { session } = caller;
  const { id } = input;
  return inCompany(caller, async (trx, companyId) => {
    const row = await lockedItem(trx, companyId, id);
    if (row.user_id !== session.userId) throw AppError.forbidden();
    if (row.kind !== 'self_certification' || row.status !== 'awaiting_employee') throw wrongStep();
    const answers: SelfCertificationAnswers = { ...input.answers, declaration: true };
    await saveSelfCertification(trx, { companyId, id, answers });
    await insertAbsenceEvent(trx, {
      companyId,
      absenceId: row.absence_id,
      actorId: session.userId,
      action: 'return_to_work_self_certified',
      note: null,
    });
    await audit(trx, caller, row, 'return_to_work.self_certified');
    const saved = await getItem(trx, { companyId, id });
    if (!saved) throw AppError.notFound();
    await resolveTodos(trx, {
      companyId,
      kind: RETURN_TO_WORK_COMPLETE.kind,
      subject: todoSubject('return_to_work', id, RTW_STEP.employee),
    });
    await askReviewers(trx, saved, 'completed a self-certification');
    await announce(trx, companyId);
    return present(trx, caller, saved, await reviewable(trx, session, saved));
  });
}

/** Reads the request's upload with these options (the fit note's limits, stored in `db`'s transaction). */
export type ReceiveFitNote = (options: ReceiveUploadOptions) => Promise<ReceivedUpload>;

/**
 * The fit note: the person, or HR for them (the special-category PUT). Another upload before
 * the review replaces the first, whose stored file is then deleted.
 */
export async function uploadFitNote(
  caller: Caller & { files: FileStorage; log: FastifyBaseLogger },
  input: { id: string; multipart: boolean; receive: ReceiveFitNote },
): Promise<ReturnToWorkItem> {
  const { db, session } = caller;
  const { id } = input;
  const companyId = requireCompany(session);
  const check = (row: ItemRow) => {
    if (row.user_id !== session.userId && !seesMedical(session, row, 'PUT')) throw AppError.forbidden();
    if (row.kind !== 'fit_note' || row.status === 'closed') throw wrongStep();
  };
  // Who may is settled in a short transaction of its own before any byte is read.
  await withTenant(db, companyId, async (trx) => {
    const row = await getItem(trx, { companyId, id });
    if (!row) throw AppError.notFound();
    check(row);
  });
  const { item, replaced } = await withTenant(db, companyId, async (trx) => {
    const upload = await input
      .receive({ db: trx, companyId, userId: session.userId, maxBytes: FIT_NOTE_MAX_BYTES, allowedTypes: FIT_NOTE_TYPES })
      .catch((error: unknown) => {
        // A wrong kind of file is a mistake in the form, shown beside its field.
        if (isAppError(error) && error.code === 'unsupportedMediaType' && input.multipart) {
          throw AppError.validation({ file: [fitNoteTypeMessage] }, fitNoteTypeMessage);
        }
        throw error;
      });
    const row = await lockedItem(trx, companyId, id);
    check(row);
    const firstSubmission = row.status === 'awaiting_employee';
    const previous = await saveFitNote(trx, { companyId, id, fileId: upload.file.id });
    await insertAbsenceEvent(trx, {
      companyId,
      absenceId: row.absence_id,
      actorId: session.userId,
      action: 'return_to_work_fit_note',
      note: null,
    });
    await audit(trx, caller, row, 'return_to_work.fit_note_uploaded');
    const saved = await getItem(trx, { companyId, id });
    if (!saved) throw AppError.notFound();
    if (firstSubmission) {
      await resolveTodos(trx, {
        companyId,
        kind: RETURN_TO_WORK_COMPLETE.kind,
        subject: todoSubject('return_to_work', id, RTW_STEP.employee),
      });
      await askReviewers(trx, saved, 'uploaded a fit note');
    }
    await announce(trx, companyId);
    return { item: await present(trx, caller, saved, await reviewable(trx, session, saved)), replaced: previous };
  });
  if (replaced)
    await caller.files
      .delete(replaced.storage_key)
      .catch((error: unknown) => caller.log.error({ err: error }, 'could not delete a replaced fit note'));
  return item;
}

/** The fit note's file, for the person, HR admins and owners; reading it is audited. */
export async function readFitNote(caller: Caller, id: string): Promise<NonNullable<Awaited<ReturnType<typeof getFitNoteFile>>>> {
  const { session } = caller;
  return inCompany(caller, async (trx, companyId) => {
    const row = await getItem(trx, { companyId, id });
    if (!row) throw AppError.notFound();
    if (!seesMedical(session, row)) throw AppError.forbidden();
    const found = row.fit_note_file_id ? await getFitNoteFile(trx, { companyId, fileId: row.fit_note_file_id }) : undefined;
    if (!found) throw AppError.notFound();
    await audit(trx, caller, row, 'return_to_work.fit_note_read');
    return found;
  });
}

export async function reviewReturnToWork(
  caller: Caller,
  input: { id: string; review: v.InferOutput<typeof ReviewInputSchema> },
): Promise<ReturnToWorkItem> {
  const { session } = caller;
  const { id } = input;
  return inCompany(caller, async (trx, companyId) => {
    const row = await lockedItem(trx, companyId, id);
    if (!covers(session, ENDPOINT, 'PUT', row) || !(await mayApprove(trx, ABSENCE_APPROVALS, session, row.user_id)))
      throw AppError.forbidden();
    if (row.status !== 'awaiting_review') throw wrongStep();
    await closeItem(trx, { companyId, id, reviewerId: session.userId, note: input.review.note });
    await insertAbsenceEvent(trx, {
      companyId,
      absenceId: row.absence_id,
      actorId: session.userId,
      action: 'return_to_work_reviewed',
      note: input.review.note,
    });
    await resolveTodos(trx, { companyId, kind: RETURN_TO_WORK_REVIEW.kind, subject: todoSubject('return_to_work', id, RTW_STEP.review) });
    const text = 'Your return to work has been reviewed and closed. Thank you.';
    await notify(trx, { companyId, userId: row.user_id, description: text, relatesTo: 'return_to_work', relatesToId: id });
    await announce(trx, companyId);
    const saved = await getItem(trx, { companyId, id });
    if (!saved) throw AppError.notFound();
    return present(trx, caller, saved, false);
  });
}

/** Return-to-work forms waiting for the caller: their own to fill in, or those they review. */
export const countReturnToWorkWaiting: PendingCounter = async ({ trx, session }) => {
  const level = levelFor(session.permissions, ENDPOINT, 'GET');
  if (!session.companyId || level === null) return 0;
  return countWaiting(trx, {
    companyId: session.companyId,
    reach: reachOf(session, level),
    reviewLevel: levelFor(session.permissions, ENDPOINT, 'PUT'),
  });
};
