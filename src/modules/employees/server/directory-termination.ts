// Termination: the date, reason and notes; a date today or past ends the person's
// access now, a later one is applied by the sweep (a background job, employees.jobs.ts) once the date has passed (the person keeps
// access through the date itself). Cancelling undoes it and gives the status back.
import type * as v from 'valibot';
import type { AuditCaller } from '../../../server/audit/audit-entry';
import { recordAudit } from '../../../server/audit/audit.queries';
import { withSystem, type Db } from '../../../server/db/database';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import {
  CANNOT_TERMINATE_SELF,
  DIRECTORY_INVALIDATES,
  NOT_TERMINATING,
  type TerminateInputSchema,
  type UserBasic,
} from '../directory.contract';
import { getUserBasic } from './directory.queries';
import {
  applyDueTerminations,
  clearTermination,
  getTerminationState,
  revokeSessions,
  setTermination,
} from './directory-termination.queries';
import { countOwned } from './directory-writes.queries';
import { withPerson } from '../../../server/http/person-access';
import { auditPerson } from './person-access';

type TerminateInput = v.InferOutput<typeof TerminateInputSchema>;

export const ALREADY_TERMINATED = 'This employee is already terminated.';
export const BEFORE_JOB_START = 'The termination date cannot be before the start of the current job.';

export async function terminateEmployee(
  db: Db,
  caller: AuditCaller,
  input: TerminateInput,
  now = new Date(),
): Promise<UserBasic | undefined> {
  const { session } = caller;
  if (input.user_id === session.userId) throw AppError.validation({ user_id: [CANNOT_TERMINATE_SELF] }, CANNOT_TERMINATE_SELF);
  return withPerson(db, { session, userId: input.user_id, endpoint: '/api/user-terminate', method: 'POST' }, async (context) => {
    const { trx, subject } = context;
    const companyId = subject.companyId;
    const state = await getTerminationState(trx, { companyId, userId: subject.userId });
    if (!state) throw AppError.notFound();
    if (state.status === 'terminated') throw new AppError('conflict', { message: ALREADY_TERMINATED });
    if ((await countOwned(trx, { table: 'termination_reasons', companyId, ids: [input.termination_reason_id] })) === 0) {
      throw AppError.validation({ termination_reason_id: ['Unknown item.'] });
    }
    if (state.job_start_date && input.termination_date < state.job_start_date)
      throw AppError.validation({ termination_date: [BEFORE_JOB_START] });
    const immediate = input.termination_date <= londonDate(now);
    await setTermination(trx, {
      companyId,
      userId: subject.userId,
      date: input.termination_date,
      reasonId: input.termination_reason_id,
      notes: input.notes ? input.notes : null,
      jobTitleId: state.job_title_id,
      now: immediate,
    });
    const revoked = immediate ? await revokeSessions(trx, [subject.userId]) : 0;
    await auditPerson(caller, context, 'user.terminated', {
      termination_date: input.termination_date,
      termination_reason_id: input.termination_reason_id,
      immediate,
      sessions_revoked: revoked,
    });
    await publish(trx, {
      channel: companyChannel(companyId),
      event: 'user-basic',
      invalidates: DIRECTORY_INVALIDATES.termination,
      companyId,
    });
    return getUserBasic(trx, { companyId, userId: subject.userId });
  });
}

export async function cancelTermination(db: Db, caller: AuditCaller, userId: string): Promise<UserBasic | undefined> {
  const { session } = caller;
  return withPerson(db, { session, userId, endpoint: '/api/user-cancel-termination', method: 'POST' }, async (context) => {
    const { trx, subject } = context;
    const companyId = subject.companyId;
    const state = await getTerminationState(trx, { companyId, userId });
    if (!state?.termination_date) throw AppError.validation({ user_id: [NOT_TERMINATING] }, NOT_TERMINATING);
    // A terminated account goes back to what it was: active once its password was set, else pending.
    const status = state.status === 'terminated' ? (state.has_password ? 'active' : 'pending') : null;
    await clearTermination(trx, { companyId, userId, date: state.termination_date, jobTitleId: state.job_title_id, status });
    await auditPerson(caller, context, 'user.termination_cancelled', {
      termination_date: state.termination_date,
      status: status ?? state.status,
    });
    await publish(trx, {
      channel: companyChannel(companyId),
      event: 'user-basic',
      invalidates: DIRECTORY_INVALIDATES.termination,
      companyId,
    });
    return getUserBasic(trx, { companyId, userId });
  });
}

/** Applies every termination whose date has passed by `now` (London's calendar); answers how many. */
export async function sweepTerminations(db: Db, now: Date): Promise<number> {
  return withSystem(db, async (trx) => {
    const due = await applyDueTerminations(trx, londonDate(now));
    await revokeSessions(
      trx,
      due.map((row) => row.id),
    );
    for (const row of due) {
      await recordAudit(trx, {
        ip: null,
        userAgent: null,
        actorId: null,
        companyId: row.company_id,
        action: 'user.terminated',
        targetType: 'user',
        targetId: row.id,
        details: { termination_date: row.termination_date, scheduled: true },
      });
    }
    for (const companyId of new Set(due.map((row) => row.company_id))) {
      await publish(trx, {
        channel: companyChannel(companyId),
        event: 'user-basic',
        invalidates: DIRECTORY_INVALIDATES.termination,
        companyId,
      });
    }
    return due.length;
  });
}
