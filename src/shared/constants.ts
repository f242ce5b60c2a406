// Business constants and limits, shared by client, server and service worker.

export const PRODUCT_NAME = 'Stafflane';
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 60_000;
export const REALTIME_CONNECT_DELAY_MS = 1_000;
export const REALTIME_ACTIVITY_TIMEOUT_MS = 120_000;
export const REALTIME_PONG_TIMEOUT_MS = 30_000;
export const REALTIME_UNAVAILABLE_TIMEOUT_MS = 10_000;
export const MESSAGE_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 5;
export const TEXTAREA_ROWS = 6;
export const TOAST_TIMEOUT_MS = 5_000;
export const QUERY_RETRY_COUNT = 1;
export const QUERY_RETRY_DELAY_MS = 200;
export const BADGE_CAP = 9;
export const DESKTOP_BREAKPOINT_PX = 1024;
/** A phone's width: below the `sm` breakpoint (48em), where lists become cards and filters fold away. */
export const PHONE_QUERY = '(max-width: 47.99em)';
export const GREETING_AFTERNOON_HOUR = 12;
export const GREETING_EVENING_HOUR = 18;
export const MINUTES_PER_DAY = 1440;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_RETENTION_DAYS = 30;
/** A queueable write's resource name: the service worker's outbox keeps it when the network fails. */
export const OUTBOX_RESOURCE_HEADER = 'X-Outbox-Resource';
/** What the user did, URI-encoded (headers are Latin-1), for the outbox view. */
export const OUTBOX_LABEL_HEADER = 'X-Outbox-Label';
/** The form that made a queued write (a path), kept with it so the outbox can open it again to correct a refusal. */
export const OUTBOX_FORM_HEADER = 'X-Outbox-Form';
/** What the outbox's button that opens that form says, URI-encoded, when it is not "Correct" (a form that opens something new). */
export const OUTBOX_FORM_ACTION_HEADER = 'X-Outbox-Form-Action';
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Type-ahead search in menus: what was typed is forgotten after this pause. */
export const TYPE_AHEAD_RESET_MS = 350;
/** A select's dropdown ignores pointer movement shorter than this… */
export const SELECT_POINTER_SLOP_PX = 5;
/** …and a press shorter than this (so the press that opens it never picks an option). */
export const SELECT_MIN_PRESS_MS = 200;
/** The notification popup is at most 80% of the viewport's height minus 60 px. */
export const NOTIFICATION_POPUP_MAX_HEIGHT = 'calc(80vh - 60px)';

/** "9+" above 9. */
export function badgeLabel(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
