// What every claim step tells people and open screens: approvers get a to-do and an e-mail
// when a claim waits for them, the claimant a notification of each decision (a to-do and an
// e-mail when it comes back rejected), and the company channel an invalidation.
import { approversToAsk } from '../../../server/approvals/approval-chain.queries';
import type { Trx } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { publish } from '../../../server/realtime/publish';
import { companyChannel } from '../../../shared/realtime';
import { EXPENSE_INVALIDATES, EXPENSE_RESOURCES } from '../expenses.contract';
import { EXPENSE_APPROVALS } from './expenses.approvals';
import { EXPENSE_DECIDE, EXPENSE_RESUBMIT } from './expenses.todos';

export type ClaimFacts = { companyId: string; claimId: string; userId: string; personName: string; summary: string };

/** Asks the claimant's approvers to decide; returns how many were asked. */
export async function askApprovers(trx: Trx, facts: ClaimFacts, actorId: string): Promise<number> {
  const recipients = await approversToAsk(trx, EXPENSE_APPROVALS, { companyId: facts.companyId, userId: facts.userId, except: actorId });
  const text = `${facts.personName} submitted ${facts.summary} for approval.`;
  for (const userId of recipients) {
    await notify(trx, {
      companyId: facts.companyId,
      userId,
      description: escapeHtml(text),
      relatesTo: 'expense',
      relatesToId: facts.claimId,
      todo: true,
      kind: EXPENSE_DECIDE.kind,
      email: { subject: `Expense claim from ${facts.personName} to approve`, text },
    });
  }
  return recipients.length;
}

/** Tells the claimant; `todo` when they must act (a rejected claim to edit). Returns 1 when an e-mail may go. */
export async function tellClaimant(trx: Trx, facts: ClaimFacts, input: { text: string; actorId: string; todo?: boolean }): Promise<number> {
  if (facts.userId === input.actorId) return 0;
  const told = {
    companyId: facts.companyId,
    userId: facts.userId,
    description: escapeHtml(input.text),
    relatesTo: 'expense',
    relatesToId: facts.claimId,
  } as const;
  await notify(
    trx,
    input.todo
      ? { ...told, todo: true, kind: EXPENSE_RESUBMIT.kind, email: { subject: 'Your expense claim needs changes', text: input.text } }
      : told,
  );
  return input.todo ? 1 : 0;
}

/**
 * The claim's to-dos of this kind end: the approvers' once it is decided or withdrawn, the
 * claimant's "change and submit it again" once it is resubmitted or withdrawn.
 */
export async function endClaimTodos(
  trx: Trx,
  claim: { companyId: string; claimId: string },
  kinds: ReadonlyArray<typeof EXPENSE_DECIDE | typeof EXPENSE_RESUBMIT>,
): Promise<void> {
  for (const { kind } of kinds) {
    await resolveTodos(trx, { companyId: claim.companyId, kind, subject: todoSubject('expense', claim.claimId) });
  }
}

export async function publishClaimChange(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: EXPENSE_RESOURCES.claim,
    invalidates: EXPENSE_INVALIDATES.claim,
    companyId,
  });
}
