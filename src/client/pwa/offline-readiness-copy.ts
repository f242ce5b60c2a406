// What the device says about being ready to work offline (src/client/pwa/offline-readiness.ts).
export const READY_TO_WORK_OFFLINE = 'Ready to work offline';
export const GETTING_READY_OFFLINE = 'Getting ready to work offline…';
export const NOT_READY_OFFLINE = 'Not ready offline';
/** Named among what is not ready when some screens' code could not be fetched. */
export const SOME_SCREENS = 'Some screens';

/** One line: ready, or ready except what failed ("Not ready offline: Expenses, Overtime"). */
export function readinessLine(notReady: readonly string[]): string {
  return notReady.length === 0 ? READY_TO_WORK_OFFLINE : `${NOT_READY_OFFLINE}: ${notReady.join(', ')}`;
}
