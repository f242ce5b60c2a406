// The names of the companies that alerts queued on this device are aimed at. A queued alert's
// body holds only its company's id, and offline the device may have no list that names it; the
// form had the name in its company picker, so it keeps it here when it queues the alert. A
// refused alert opened to correct, and a new one listed while it waits, name their company by
// it. Erased with the outbox at logout.
import { registerSessionDataEraser } from '../../../client/offline/session-data';

const STORAGE_KEY = 'stafflane:queued-alert-companies';
/** The most recently queued companies kept: more than an outbox ever holds. */
const KEPT_AT_MOST = 50;

type CompanyNames = Record<string, string>;

function readNames(): CompanyNames {
  try {
    const names: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return names && typeof names === 'object' && !Array.isArray(names) ? (names as CompanyNames) : {};
  } catch {
    return {};
  }
}

/** Kept when an alert aimed at this company is queued. */
export function rememberQueuedCompany(id: string, name: string): void {
  const names = readNames();
  delete names[id];
  names[id] = name;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(Object.entries(names).slice(-KEPT_AT_MOST))));
  } catch {
    // Without storage the correction says "The company you chose".
  }
}

/** The name the picker showed for this company when an alert aimed at it was queued here. */
export function queuedCompanyName(id: string): string | null {
  const name = readNames()[id];
  return typeof name === 'string' ? name : null;
}

/** Forgets every name kept (logout, and between tests). */
export function forgetQueuedCompanies(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

// The server ending the session keeps the outbox for the same person's next sign-in, and so these names.
registerSessionDataEraser((_userId, reason) => {
  if (reason === 'logout') forgetQueuedCompanies();
});
