// Where a notification leads and how its dot looks, by the kind of record it relates to.
import type { RelatesTo } from '../../../shared/notifications.contract';
// The route of each kind is the contract's: the service worker opens the same one from a push.
export { notificationTarget } from '../../../shared/notifications.contract';
import { BRAND_DEEP } from '../../theme';

export const DOT_DEEP_BLUE = BRAND_DEEP;
export const DOT_PRIMARY = 'var(--mantine-primary-color-filled)';

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
