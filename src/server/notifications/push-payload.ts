// What a notification becomes on a device's lock screen: a title naming what it is about,
// the description as plain text, the link the bell would open, and the caller's actions.
import sanitizeHtml from 'sanitize-html';
import { notificationTarget, type Notification, type RelatesTo } from '../../shared/notifications.contract';
import type { PushAction, PushPayload } from '../../shared/push.contract';

const TITLES: Record<RelatesTo, string> = {
  user: 'People',
  hr_task: 'HR task',
  hs_task: 'Health & safety task',
  absence_request: 'Leave',
  expense: 'Expenses',
  notice: 'Notice',
  return_to_work: 'Return to work',
  overtime_report: 'Overtime',
  overtime_offer: 'Overtime to claim',
  impersonation: 'Access request',
  rota: 'Rota',
  document: 'Document',
  document_sign: 'Document to sign',
  company_order: 'Order',
};

/** Push services take about 4 KB of payload; the body is cut well before that. */
export const PUSH_BODY_MAX = 400;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The sanitised description as one line of plain text (system notifications show no HTML). */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li)\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PUSH_BODY_MAX ? `${text.slice(0, PUSH_BODY_MAX - 1)}…` : text;
}

export function pushPayloadOf(notification: Notification, userId: string, actions: readonly PushAction[]): PushPayload {
  const about = notification.relates_to ? TITLES[notification.relates_to] : 'Stafflane';
  return {
    id: notification.id,
    user_id: userId,
    title: notification.todo ? `${about}: action required` : about,
    body: plainText(notification.description),
    link: notificationTarget(notification.relates_to, notification.relates_to_id),
    todo: notification.todo,
    actions: [...actions],
  };
}
