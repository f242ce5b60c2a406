// Dismissed alert banners, kept in local storage under `dismissed-alerts` as
// {alert id: updated_at}: a banner stays hidden until its id or updated_at changes.
export const DISMISSED_ALERTS_KEY = 'dismissed-alerts';

type AlertVersion = { id: string; updated_at: string };
type Dismissals = Record<string, string>;

export function readDismissals(storage: Storage | null = safeStorage()): Dismissals {
  try {
    const parsed = JSON.parse(storage?.getItem(DISMISSED_ALERTS_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export function isDismissed(alert: AlertVersion, dismissals: Dismissals): boolean {
  return dismissals[alert.id] === alert.updated_at;
}

/**
 * Remembers `alert` as dismissed. Alerts no longer published (not in `current`) are forgotten
 * at the same time, so the stored map never outgrows the list.
 */
export function dismissAlert(alert: AlertVersion, current: readonly AlertVersion[], storage: Storage | null = safeStorage()): Dismissals {
  const dismissals = readDismissals(storage);
  const live = new Set(current.map((item) => item.id));
  const kept = Object.fromEntries(Object.entries(dismissals).filter(([id]) => live.has(id)));
  const next = { ...kept, [alert.id]: alert.updated_at };
  try {
    storage?.setItem(DISMISSED_ALERTS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the banner is hidden for this page only.
  }
  return next;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
