// Where a notification leads and how its dot looks, by the kind of record it relates to.
import type { RelatesTo } from '../../../modules/notifications/notifications.contract';
import { BRAND_DEEP } from '../../theme';

export const DOT_DEEP_BLUE = BRAND_DEEP;
export const DOT_PRIMARY = 'var(--mantine-primary-color-filled)';

/** The route a click on a notification goes to, or null when there is nowhere to go. */
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
    case 'impersonation':
      return segment && `/settings/user-settings/access-requests?request_id=${segment}`;
    case 'rota':
      return '/rotas/shifts';
    case 'document':
    case 'document_sign':
      return segment && `/document/${segment}`;
    default:
      return null;
  }
}

/** the dot colours (CSS or Mantine colours); kinds SPEC gives no colour are grey. */
export function notificationDotColour(relatesTo: RelatesTo | null): string {
  switch (relatesTo) {
    case 'user':
    case 'notice':
    case 'document_sign':
      return DOT_DEEP_BLUE;
    case 'hs_task':
      return 'teal.6';
    case 'hr_task':
      return DOT_PRIMARY;
    case 'absence_request':
    case 'return_to_work':
      return 'green.6';
    default:
      return 'gray.5';
  }
}
