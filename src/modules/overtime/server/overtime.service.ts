// Overtime's domain functions: report, approve (crediting time off in lieu through the leave
// module's ledger), decline with a reason, cancel; each in one tenant transaction that
// notifies, publishes and audits. Callers are plain values, never a Fastify request.
import type { Updateable } from 'kysely';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { mayActOn } from '../../../server/http/person-access';
import { findPersonSubject } from '../../../server/http/person-subject.queries';
import { escapeHtml } from '../../../server/mail/html';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { timeOffInLieuLedger } from '../../../server/module-hooks';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import type { ServerModule } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { amountInWords, DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import {
  OVERTIME_ENDPOINTS,
  OVERTIME_INVALIDATES,
  OVERTIME_RESOURCES,
  hoursBetween,
  overtimeMessages,
  type OvertimeReport,
  type ReportOvertimeInput,
} from '../overtime.contract';
import { approverOf } from '../../../server/approvals/approval-chain';
import { approversToAsk } from '../../../server/approvals/approval-chain.queries';
import { OVERTIME_APPROVALS } from './overtime.approvals';
import {
  findAllowance,
  findCompanyOvertime,
  findPersonName,
  findRates,
  findReportRow,
  findReportView,
  insertReport,
  updateReport,
  type OvertimeRow,
} from './overtime.queries';
import { payableHours, toReport } from './overtime-view';
import type { UserOvertimeTable } from './overtime-tables';
import { OVERTIME_DECIDE } from './overtime.todos';

export type OvertimeCaller = AuditCaller & { db: Db; mail: MailDispatcher; modules: readonly ServerModule[] };

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
const hoursText = (hours: number) => amountInWords(hours, 'hours');

export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

async function detail(trx: Trx, session: Session, companyId: string, id: string): Promise<OvertimeReport> {
  const row = await findReportView(trx, { companyId, id, approver: approverOf(OVERTIME_APPROVALS, session) });
  if (!row) throw AppError.notFound();
  return toReport(row, session);
}

async function published(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: OVERTIME_RESOURCES.overtime,
    invalidates: OVERTIME_INVALIDATES.overtime,
    companyId,
  });
}

export type OvertimeFiling = Pick<
  ReportOvertimeInput,
  'date' | 'start_time' | 'end_time' | 'reason' | 'compensation' | 'overtime_rate_id'
> & {
  companyId: string;
  userId: string;
  /** The person's name, as the approvers read it. */
  name: string;
  hours: number;
};

/**
 * Files a report checked against the company's and person's overtime settings and asks the
 * person's approvers, in the caller's transaction: the form's route and the time clock's
 * offers (overtime-claims.ts) both come here. Answers the id and how many approvers to e-mail.
 */
export async function fileReport(trx: Trx, caller: AuditCaller, filing: OvertimeFiling): Promise<{ id: string; mailed: number }> {
  const { session } = caller;
  const { companyId, userId, hours } = filing;
  const company = await findCompanyOvertime(trx, companyId);
  if (!company.overtime_enabled) throw new AppError('conflict', { message: overtimeMessages.disabled });
  const allowance = await findAllowance(trx, { companyId, userId });
  if (filing.compensation === 'paid' && !allowance.allow_payable_overtime)
    throw AppError.validation({ compensation: [overtimeMessages.paidNotAllowed] });
  if (filing.compensation === 'toil' && !allowance.allow_toil_overtime)
    throw AppError.validation({ compensation: [overtimeMessages.toilNotAllowed] });
  let rateId: string | null = null;
  if (filing.compensation === 'paid') {
    const rate = (await findRates(trx, companyId)).find((candidate) => candidate.id === filing.overtime_rate_id);
    if (!rate) throw AppError.validation({ overtime_rate_id: [overtimeMessages.unknownRate] });
    rateId = rate.id;
  }
  const id = await insertReport(trx, {
    company_id: companyId,
    user_id: userId,
    date: filing.date,
    start_time: filing.start_time,
    end_time: filing.end_time,
    hours,
    reason: filing.reason,
    compensation: filing.compensation,
    overtime_rate_id: rateId,
    reported_by: session.userId,
  });
  await auditCaller(trx, caller, {
    companyId,
    action: 'overtime.reported',
    targetType: 'user_overtime',
    targetId: id,
    details: { user_id: userId, hours },
  });
  const text = `${filing.name} reported ${hoursText(hours)} of overtime on ${shown(filing.date)} (${filing.compensation === 'paid' ? 'paid' : 'time off in lieu'}). Please approve or decline it.`;
  const recipients = await approversToAsk(trx, OVERTIME_APPROVALS, { companyId, userId, except: session.userId });
  for (const recipient of recipients) {
    await notify(trx, {
      companyId,
      userId: recipient,
      description: escapeHtml(text),
      relatesTo: 'overtime_report',
      relatesToId: id,
      todo: true,
      kind: OVERTIME_DECIDE.kind,
      email: { subject: `Overtime to approve: ${filing.name}`, text },
    });
  }
  await published(trx, companyId);
  return { id, mailed: recipients.length };
}

export async function reportOvertime(caller: OvertimeCaller, body: ReportOvertimeInput): Promise<OvertimeReport> {
  const { session } = caller;
  const companyId = requireCompany(caller.session, 'not_found');
  const userId = body.user_id ?? session.userId;
  const hours = body.start_time && body.end_time ? hoursBetween(body.start_time, body.end_time) : (body.hours ?? 0);
  let mailed = 0;
  const result = await withTenant(caller.db, companyId, async (trx) => {
    const subject = await findPersonSubject(trx, { companyId, userId });
    if (!subject) throw AppError.validation({ user_id: [overtimeMessages.unknown] });
    if (userId !== session.userId && !mayActOn(session, subject, OVERTIME_ENDPOINTS.report, 'POST')) throw AppError.forbidden();
    const filed = await fileReport(trx, caller, { ...body, companyId, userId, name: subject.name, hours });
    mailed = filed.mailed;
    return detail(trx, session, companyId, filed.id);
  });
  if (mailed > 0) caller.mail.wake();
  return result;
}

type Loaded = { row: OvertimeRow; name: string };

async function onReport(
  caller: OvertimeCaller,
  id: string,
  fn: (trx: Trx, loaded: Loaded, companyId: string) => Promise<void>,
): Promise<OvertimeReport> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await findReportRow(trx, { companyId, id, lock: true });
    if (!row) throw AppError.notFound();
    const view = await findReportView(trx, { companyId, id, approver: approverOf(OVERTIME_APPROVALS, caller.session) });
    if (!view) throw AppError.notFound();
    await fn(trx, { row, name: view.person_name }, companyId);
    await published(trx, companyId);
    return detail(trx, caller.session, companyId, id);
  });
}

async function mayDecide(trx: Trx, caller: OvertimeCaller, row: OvertimeRow, companyId: string): Promise<void> {
  const { session } = caller;
  if (row.user_id === session.userId) throw AppError.forbidden(overtimeMessages.cannotApproveOwn);
  const view = await findReportView(trx, { companyId, id: row.id, approver: approverOf(OVERTIME_APPROVALS, session) });
  if (!view?.approvable) throw AppError.forbidden(overtimeMessages.notApprover);
  if (row.exported_at) throw new AppError('conflict', { message: overtimeMessages.locked });
  if (row.status !== 'reported') throw new AppError('conflict', { message: overtimeMessages.notReported });
}

/** The approvers' "please approve or decline" to-dos end with the report's decision or cancellation. */
const endDecisionTodos = (trx: Trx, companyId: string, id: string) =>
  resolveTodos(trx, { companyId, kind: OVERTIME_DECIDE.kind, subject: todoSubject('overtime_report', id) });

/** A decision on a report: stored with who made it and when, the approvers' to-dos ended, and audited. */
async function recordDecision(
  trx: Trx,
  caller: OvertimeCaller,
  row: OvertimeRow,
  companyId: string,
  decision: { status: 'approved' | 'declined'; values: Updateable<UserOvertimeTable>; details: Record<string, unknown> | null },
): Promise<void> {
  const values = { ...decision.values, status: decision.status, decided_by: caller.session.userId, decided_at: new Date() };
  await updateReport(trx, { companyId, id: row.id, values });
  await endDecisionTodos(trx, companyId, row.id);
  await auditCaller(trx, caller, {
    companyId,
    action: `overtime.${decision.status}`,
    targetType: 'user_overtime',
    targetId: row.id,
    details: decision.details,
  });
}

async function tellPerson(trx: Trx, row: OvertimeRow, companyId: string, text: string, actorId: string): Promise<void> {
  if (row.user_id === actorId) return;
  await notify(trx, { companyId, userId: row.user_id, description: escapeHtml(text), relatesTo: 'overtime_report', relatesToId: row.id });
}

export function approveOvertime(caller: OvertimeCaller, id: string, body: { note: string | null }): Promise<OvertimeReport> {
  const { session } = caller;
  return onReport(caller, id, async (trx, { row }, companyId) => {
    await mayDecide(trx, caller, row, companyId);
    const what = `${hoursText(row.hours)} of overtime on ${shown(row.date)}`;
    let toilExpiresOn: string | null = null;
    let credited = '';
    if (row.compensation === 'toil') {
      const ledger = timeOffInLieuLedger(caller.modules);
      if (!ledger) throw new AppError('conflict', { message: overtimeMessages.noLedger });
      const approverName = await findPersonName(trx, session.userId);
      const credit = await ledger.credit(trx, {
        companyId,
        userId: row.user_id,
        date: row.date,
        hours: row.hours,
        reason: `Time off in lieu: ${what} approved by ${approverName}${body.note ? ` (${body.note})` : ''}`,
        actorId: session.userId,
      });
      if (!credit) throw new AppError('conflict', { message: overtimeMessages.noPolicy });
      const { toil_expiry_months: months } = await findCompanyOvertime(trx, companyId);
      toilExpiresOn = months ? addMonths(row.date, months) : null;
      credited = ` ${amountInWords(credit.amount, credit.unit)} were added to your time off in lieu${toilExpiresOn ? `, to use by ${shown(toilExpiresOn)}` : ''}.`;
    }
    await recordDecision(trx, caller, row, companyId, {
      status: 'approved',
      values: { toil_expires_on: toilExpiresOn },
      details: { hours: row.hours, compensation: row.compensation, payable_hours: payableHours({ ...row, multiplier: null }) },
    });
    await tellPerson(trx, row, companyId, `Your ${what} was approved.${credited}`, session.userId);
  });
}

export function declineOvertime(caller: OvertimeCaller, id: string, body: { reason: string }): Promise<OvertimeReport> {
  const { session } = caller;
  return onReport(caller, id, async (trx, { row }, companyId) => {
    await mayDecide(trx, caller, row, companyId);
    await recordDecision(trx, caller, row, companyId, { status: 'declined', values: { decline_reason: body.reason }, details: null });
    await tellPerson(
      trx,
      row,
      companyId,
      `Your ${hoursText(row.hours)} of overtime on ${shown(row.date)} was declined: ${body.reason}`,
      session.userId,
    );
  });
}

export function cancelOvertime(caller: OvertimeCaller, id: string): Promise<OvertimeReport> {
  const { session } = caller;
  return onReport(caller, id, async (trx, { row }, companyId) => {
    if (row.user_id !== session.userId && row.reported_by !== session.userId) throw AppError.forbidden();
    if (row.status !== 'reported') throw new AppError('conflict', { message: overtimeMessages.cannotCancel });
    await updateReport(trx, { companyId, id: row.id, values: { status: 'cancelled' } });
    await endDecisionTodos(trx, companyId, row.id);
    await auditCaller(trx, caller, {
      companyId,
      action: 'overtime.cancelled',
      targetType: 'user_overtime',
      targetId: row.id,
      details: null,
    });
  });
}
