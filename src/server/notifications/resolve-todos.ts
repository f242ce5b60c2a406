// A to-do notification ends when the thing it asks for is done, whoever does it: the module
// that does the thing calls resolveTodos in the same transaction, with the subject the to-do
// was sent with (notify's `subject`, by default todoSubject(relatesTo, relatesToId)). Every open
// to-do with that subject in the company stops being Action Required and new — so it leaves
// "Needs your action" and the bell's count — and each recipient's bell is told to refresh.
import { PENDING_COUNT_RESOURCE } from '../../modules/dashboard/dashboard.contract';
import { NOTIFICATIONS_RESOURCE, type RelatesTo } from '../../modules/notifications/notifications.contract';
import { userChannel } from '../../shared/realtime';
import type { Trx } from '../db/database';
import { publish } from '../realtime/publish';
import { resolveOpenTodos } from './notifications.queries';

/** The realtime event telling a bell that to-dos of its user were resolved. */
export const TODOS_RESOLVED_EVENT = 'notifications-resolved';

/** "return_to_work:{id}" or, for one step of it, "return_to_work:{id}:review". */
export function todoSubject(relatesTo: RelatesTo, id: string, step?: string): string {
  return step ? `${relatesTo}:${id}:${step}` : `${relatesTo}:${id}`;
}

/**
 * Resolves the company's open to-dos with this subject; answers how many people had one.
 * `companyId` null: administrators' to-dos (call in the system scope).
 */
export async function resolveTodos(trx: Trx, input: { companyId: string | null; subject: string }): Promise<number> {
  const userIds = await resolveOpenTodos(trx, input);
  for (const userId of userIds) {
    await publish(trx, {
      channel: userChannel(userId),
      event: TODOS_RESOLVED_EVENT,
      invalidates: [NOTIFICATIONS_RESOURCE, PENDING_COUNT_RESOURCE],
      companyId: input.companyId,
    });
  }
  return userIds.length;
}
