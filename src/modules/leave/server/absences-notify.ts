// What every absence step tells people and open apps: those asked to approve get a to-do
// (and an e-mail), the person a plain notification of decisions made by someone else, and
// the company channel an invalidation of everything an absence shows up in.
import type { Trx } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { publish } from '../../../server/realtime/publish';
import { companyChannel } from '../../../shared/realtime';
import type { PushAction } from '../../../shared/push.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES, leavePaths, type LeaveUnit } from '../leave.contract';
import { amountText, shownDate } from './absences-checks';
import { approversToAsk } from '../../../server/approvals/approval-chain.queries';
import { ABSENCE_APPROVALS } from './leave.approvals';
import { ABSENCE_DECIDE } from './leave.todos';

export type AbsenceFacts = {
  companyId: string;
  absenceId: string;
  userId: string;
  personName: string;
  leaveTypeName: string;
  startDate: string;
  endDate: string | null;
  deduction: number;
  unit: LeaveUnit;
  deducted: boolean;
};

/** "Annual leave from 03/03/2025 to 07/03/2025 (5 days)". */
export function describeAbsence(facts: AbsenceFacts): string {
  const dates =
    facts.endDate === null
      ? `from ${shownDate(facts.startDate)} (open-ended)`
      : facts.endDate === facts.startDate
        ? `on ${shownDate(facts.startDate)}`
        : `from ${shownDate(facts.startDate)} to ${shownDate(facts.endDate)}`;
  const amount = facts.deducted && facts.deduction > 0 ? ` (${amountText(facts.deduction, facts.unit)})` : '';
  return `${facts.leaveTypeName} ${dates}${amount}`;
}

/**
 * The buttons on the push notification of a decision asked for: Approve goes out from the
 * device's outbox (exactly once, offline too); Decline opens the absence with its reason box.
 * Only for those asked to approve — approversToAsk is who may decide.
 */
export function decisionActions(absenceId: string, personName: string): PushAction[] {
  const link = `/absence/${encodeURIComponent(absenceId)}`;
  return [
    {
      action: 'approve',
      title: 'Approve',
      kind: 'write',
      method: 'POST',
      path: leavePaths.absenceAction(absenceId, 'approve'),
      resource: LEAVE_RESOURCES.absence,
      label: `Approve ${personName}'s absence`,
      body: {},
      link,
    },
    { action: 'decline', title: 'Decline', kind: 'open', link: `${link}?decline=1` },
  ];
}

/**
 * Tells those asked to approve the person's absences. `todo`: they must act (a request or a
 * cancellation request) — a to-do and an e-mail; otherwise a plain notification.
 * Returns how many were told. Never the actor themselves.
 */
export async function tellApprovers(
  trx: Trx,
  facts: AbsenceFacts,
  input: { text: string; todo: boolean; subject: string; actorId: string },
): Promise<number> {
  const recipients = await approversToAsk(trx, ABSENCE_APPROVALS, {
    companyId: facts.companyId,
    userId: facts.userId,
    except: input.actorId,
  });
  for (const userId of recipients) {
    const told = {
      companyId: facts.companyId,
      userId,
      description: escapeHtml(input.text),
      relatesTo: 'absence_request',
      relatesToId: facts.absenceId,
    } as const;
    await notify(
      trx,
      input.todo
        ? {
            ...told,
            todo: true,
            kind: ABSENCE_DECIDE.kind,
            email: { subject: input.subject, text: input.text },
            actions: decisionActions(facts.absenceId, facts.personName),
          }
        : told,
    );
  }
  return recipients.length;
}

/** A plain notification to the person, unless they did it themselves. */
export async function tellPerson(trx: Trx, facts: AbsenceFacts, input: { text: string; actorId: string }): Promise<void> {
  if (facts.userId === input.actorId) return;
  await notify(trx, {
    companyId: facts.companyId,
    userId: facts.userId,
    description: escapeHtml(input.text),
    relatesTo: 'absence_request',
    relatesToId: facts.absenceId,
  });
}

export async function publishAbsenceChange(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: LEAVE_RESOURCES.absence,
    invalidates: LEAVE_INVALIDATES.absence,
    companyId,
  });
}
