// Return-to-work items (the return-to-work part owns this file).
import type { Trx } from '../../../server/db/database';

/**
 * For a sickness absence whose person is back (`lastDay` is the last day off): creates its
 * item when the company has return_to_work_enabled and none exists — self-certification up to
 * SELF_CERTIFICATION_MAX_DAYS calendar days, else a fit note — and notifies the person
 * (relates_to return_to_work). Returns the item id, or null when none was made.
 */
export declare function createReturnToWorkItem(
  trx: Trx,
  input: { companyId: string; absenceId: string; userId: string; firstDay: string; lastDay: string; actorId: string | null },
): Promise<string | null>;
