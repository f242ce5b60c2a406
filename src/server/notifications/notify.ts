// notify(): how every module tells someone something. In the caller's
// transaction it stores the sanitised notification, publishes it on the user's channel, and,
// when it needs action and the user has not turned e-mail off, queues an e-mail too. A company
// user's devices that allowed notifications get it as a push message (queued here, sent by the
// `notifications-push` job: push-sender.ts).
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';
import { NOTIFICATIONS_RESOURCE, type Notification, type RelatesTo } from '../../shared/notifications.contract';
import type { PushAction } from '../../shared/push.contract';
import { NOTIFICATION_EVENT, userChannel } from '../../shared/realtime';
import type { Trx } from '../db/database';
import { enqueueEmail } from '../mail/mail.queries';
import { publish } from '../realtime/publish';
import { pushPayloadOf } from './push-payload';
import { enqueuePush } from './push.queries';
import { insertAdministratorNotification, insertCompanyNotification, type NotificationRow } from './notifications.queries';
import { todoSubject } from './resolve-todos';
import { requireTodoKind } from './todo-kinds';
import { sanitiseDescription } from './sanitise-description';

type NotifyCommon = {
  /** The recipient's company; null for an administrator. */
  companyId: string | null;
  userId: string;
  /** HTML; only the allow-list of sanitise-description.ts is kept. */
  description: string;
  relatesTo?: RelatesTo | null;
  relatesToId?: string | null;
  email?: { subject: string; text: string };
  /**
   * Buttons on the push notification, for a recipient allowed to use them (the caller decides:
   * e.g. Approve and Decline for those asked to approve a leave request).
   */
  actions?: readonly PushAction[];
};

/** A plain notification: something happened. */
type PlainNotice = { todo?: false; kind?: never; subject?: never };

/** Action Required (approvals, signatures, access requests): only these are e-mailed. */
type TodoNotice = {
  todo: true;
  /** The to-do's kind, declared with what ends it in the sending module's registration (todo-kinds.ts). */
  kind: string;
  /**
   * The key of the thing it asks for, which resolveTodos (resolve-todos.ts) ends when that thing
   * is done. Defaults to todoSubject(relatesTo, relatesToId); give todoSubject(relatesTo, id, step)
   * when one record asks different people for different steps.
   */
  subject?: string;
};

export type NotifyInput = NotifyCommon & (PlainNotice | TodoNotice);

/** As the API returns it (and the realtime event carries it). */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    is_new: row.is_new,
    is_clicked: row.is_clicked,
    description: row.description,
    created_at: row.created_at.toISOString(),
    todo: row.todo,
    relates_to: row.relates_to,
    relates_to_id: row.relates_to_id,
  };
}

/**
 * Call inside the transaction of the change the notification is about: if that rolls back,
 * nothing is stored, published or e-mailed. Throws when the user is not in `companyId`
 * (or, for null, is not an administrator), and when a to-do's kind is declared by no module's
 * registration or it has no subject to be resolved by — programming errors, never a user's.
 * The mail dispatcher picks the e-mail up on its next pass (`deps.mail.wake()` after commit
 * sends it at once).
 */
export async function notify(trx: Trx, input: NotifyInput): Promise<Notification> {
  if (input.todo) requireTodoKind(input.kind);
  const subject = input.todo
    ? (input.subject ?? (input.relatesTo && input.relatesToId ? todoSubject(input.relatesTo, input.relatesToId) : null))
    : null;
  if (input.todo && !subject) throw new Error(`notify: a '${input.kind}' to-do needs a subject (or relatesTo and relatesToId)`);
  const values = {
    userId: input.userId,
    description: sanitiseDescription(input.description),
    relatesTo: input.relatesTo ?? null,
    relatesToId: input.relatesToId ?? null,
    todo: input.todo ?? false,
    subject,
    todoKind: input.todo ? input.kind : null,
  };
  const stored =
    input.companyId === null
      ? await insertAdministratorNotification(trx, values)
      : await insertCompanyNotification(trx, { ...values, companyId: input.companyId });
  if (!stored) throw new Error(`notify: user ${input.userId} is not a user of company ${input.companyId ?? '(administrators)'}`);

  const notification = toNotification(stored);
  await publish(trx, {
    channel: userChannel(input.userId),
    event: NOTIFICATION_EVENT,
    invalidates: [NOTIFICATIONS_RESOURCE, PENDING_COUNT_RESOURCE],
    payload: notification,
    companyId: input.companyId,
  });
  if (input.companyId !== null) {
    await enqueuePush(trx, {
      companyId: input.companyId,
      userId: input.userId,
      payload: pushPayloadOf(notification, input.userId, input.actions ?? []),
    });
  }
  if (values.todo && input.email && stored.email_notifications) {
    await enqueueEmail(trx, {
      template: 'notification',
      to: stored.recipient_email,
      subject: input.email.subject,
      text: input.email.text,
      companyId: input.companyId,
    });
  }
  return notification;
}
