// A to-do notification ends when the thing it asks for is done, whoever does it: the module
// that does the thing calls resolveTodos in the same transaction, with the kind and subject the
// to-do was sent with (notify's `kind` and `subject`, by default todoSubject(relatesTo,
// relatesToId)). Every open to-do of that kind and subject in the company — or only the one
// person's, for a kind that ends for its recipient — stops being Action Required and new, so it
// leaves "Needs your action" and the bell's count, and each recipient's bell is told to refresh.
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';
import { NOTIFICATIONS_RESOURCE, type RelatesTo } from '../../shared/notifications.contract';
import { userChannel } from '../../shared/realtime';
import type { Trx } from '../db/database';
import { publish } from '../realtime/publish';
import { resolveOpenTodos } from './notifications.queries';
import { requireTodoKind } from './todo-kinds';

/** The realtime event telling a bell that to-dos of its user were resolved. */
export const TODOS_RESOLVED_EVENT = 'notifications-resolved';

/** "return_to_work:{id}" or, for one step of it, "return_to_work:{id}:review". A record no notification links to names its own key ('incident'). */
export function todoSubject(relatesTo: RelatesTo | (string & {}), id: string, step?: string): string {
  return step ? `${relatesTo}:${id}:${step}` : `${relatesTo}:${id}`;
}

/**
 * Resolves the company's open to-dos of this kind and subject — `userId`'s only, when given (the
 * one who acknowledged or signed); everyone's otherwise (decided, withdrawn) — and answers how
 * many people had one. `companyId` null: administrators' to-dos (call in the system scope).
 */
export async function resolveTodos(
  trx: Trx,
  input: { companyId: string | null; kind: string; subject: string; userId?: string },
): Promise<number> {
  requireTodoKind(input.kind);
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
