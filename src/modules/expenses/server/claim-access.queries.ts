// The conditions the claim lists and counters put on a claimant: the platform's approval chain
// (src/server/approvals) with the caller as the expenses chain's reader and approver.
import type { RawBuilder } from 'kysely';
import type { Approver, ChainReader } from '../../../server/approvals/approval-chain';
import { approvableBy, readableBy } from '../../../server/approvals/approval-chain.queries';

/** The caller as the list and count conditions take them (claimActor in claim-access.ts). */
export type ClaimActor = { userId: string; reader: ChainReader; approver: Approver };

/** The claimant (`column`) is someone whose claims the actor reads: own, line reports, and their scope. */
export const readableByCondition = (column: RawBuilder<unknown>, actor: ClaimActor): RawBuilder<boolean> =>
  readableBy(column, actor.reader);

/** The claimant's claims wait for the actor's decision; never the actor's own. */
export const approvableByCondition = (column: RawBuilder<unknown>, actor: ClaimActor): RawBuilder<boolean> =>
  approvableBy(column, actor.approver);
