// Notifications: what the bell, the /notifications page and
// the realtime `notification` event carry. Every signed-in user has their own, administrators too.
import * as v from 'valibot';
import { singleLine } from './validators';
import { DEFAULT_PAGE_SIZE, type ListResponse } from './list';

/** The kinds of record a notification points at; each has its target route. */
export const RELATES_TO = [
  'user',
  'hr_task',
  'hs_task',
  'absence_request',
  'expense',
  'notice',
  'return_to_work',
  'overtime_report',
  /** Time worked beyond a shift, offered to the person as overtime (the time clock). */
  'overtime_offer',
  'impersonation',
  'rota',
  'document',
  'document_sign',
  /** A company's order waiting in the administrators' queue. */
  'company_order',
] as const;
export type RelatesTo = (typeof RELATES_TO)[number];

/** Exactly the fields. `description` is HTML already sanitised by the server (an allow-list). */
export const NotificationSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  is_new: v.boolean(),
  is_clicked: v.boolean(),
  description: v.string(),
  /** ISO 8601 date-time. */
  created_at: v.string(),
  /** "Action Required". */
  todo: v.boolean(),
  relates_to: v.nullable(v.picklist(RELATES_TO)),
  relates_to_id: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

/**
 * GET /api/notifications?page=: the caller's own, newest first, 20 a page (page defaults to 1;
 * offset and limit work as on every list). `unread` (how many are still new, across
 * all pages) rides along so the bell's badge and the page title need no second call.
 */
export type NotificationsPage = ListResponse<Notification> & { unread: number };

export const NOTIFICATIONS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * POST /api/notifications/click `{id}`: one notification becomes clicked and no longer new.
 * An id that is not one of the caller's own (or not an id at all) is a 404.
 */
export const ClickNotificationInputSchema = v.object({
  id: v.pipe(v.string('Field is required.'), v.nonEmpty('Field is required.'), singleLine, v.maxLength(100, 'Max length exceeded.')),
});
export type ClickNotificationInput = v.InferOutput<typeof ClickNotificationInputSchema>;

export const notificationPaths = {
  list: '/api/notifications',
  /** POST with an empty body: every notification of the caller stops being new; 204. */
  read: '/api/notifications/read',
  /** POST `{id}`; 204. */
  click: '/api/notifications/click',
} as const;

/** The resource name: realtime events list it in `invalidates`. */
export const NOTIFICATIONS_RESOURCE = 'notifications';

/** The route a notification leads to, or null when there is nowhere to go (the bell and the worker use it). */
export function notificationTarget(relatesTo: RelatesTo | null, id: string | null): string | null {
  // Ids come from the server, but they are still put into a path: keep them one segment.
  const segment = id ? encodeURIComponent(id) : null;
  switch (relatesTo) {
    case 'user':
      return segment ? `/employee/${segment}` : null;
    case 'hr_task':
      return segment && `/hr-task/${segment}`;
    case 'hs_task':
      return segment && `/hs-task/${segment}`;
    case 'absence_request':
      return segment && `/absence/${segment}`;
    case 'expense':
      return segment && `/expense/${segment}`;
    case 'notice':
      return segment && `/notice/${segment}`;
    case 'return_to_work':
      return segment && `/return-to-work/${segment}/self-certification`;
    case 'overtime_report':
      return segment && `/overtime/${segment}`;
    case 'overtime_offer':
      return segment && `/overtime/report?offer=${segment}`;
    case 'impersonation':
      return segment && `/settings/user-settings/access-requests?request_id=${segment}`;
    case 'rota':
      return '/rotas/shifts';
    case 'document':
    case 'document_sign':
      return segment && `/document/${segment}`;
    case 'company_order':
      return '/admin/orders';
    default:
      return null;
  }
}
