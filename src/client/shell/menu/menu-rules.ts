// The target, badge and visibility rules of SPEC §2.4 that take more than one line, pure so
// each is tested in SPEC's words (menu-rules.test.ts).
import { holds, pendingCount, type MenuContext } from './menu-context';

export const LEAVE_RETURN_TO_WORK = '/leave-and-absences/return-to-work';
export const LEAVE_LIST = '/leave-and-absences/list';
export const LEAVE_TIMELINE = '/leave-and-absences/timeline';

/** Return-to-work items count only when the company has return to work enabled. */
function returnToWorkPending(context: MenuContext): number {
  return context.companySettings?.return_to_work_enabled ? pendingCount(context, 'user_absence_rtw') : 0;
}

/**
 * Leave & Absences' target: only return-to-work items pending → the return-to-work list;
 * absences needing approval → the list filtered to them (and to the user's own people with
 * the user-absence permission); otherwise the timeline.
 */
export function leaveTarget(context: MenuContext): string {
  const absences = pendingCount(context, 'user_absence');
  if (absences === 0 && returnToWorkPending(context) > 0) return LEAVE_RETURN_TO_WORK;
  if (absences > 0) {
    const relevant = holds(context, '/api/user-absence') ? '&show_relevant_to_me=1' : '';
    return `${LEAVE_LIST}?status=needApproval${relevant}`;
  }
  return LEAVE_TIMELINE;
}

/** Pending absences, plus return-to-work items when return_to_work_enabled is set. */
export function leaveBadge(context: MenuContext): number {
  return pendingCount(context, 'user_absence') + returnToWorkPending(context);
}

/** Overtime: enabled for the company, and the user may report payable or TOIL overtime or can approve overtime. */
export function overtimeVisible(context: MenuContext): boolean {
  if (!context.companySettings?.overtime_enabled) return false;
  const settings = context.overtimeSettings;
  return Boolean(settings?.allow_payable_overtime || settings?.allow_toil_overtime) || holds(context, '/api/approve-overtime');
}

/** /overtime, with ?status=reported when reported overtime is pending. */
export function overtimeTarget(context: MenuContext): string {
  return pendingCount(context, 'user_overtime') > 0 ? '/overtime?status=reported' : '/overtime';
}

/**
 * Which documents areas a docs-only session may use (SPEC §6: the hr_client and hs_client
 * flags). With neither flag set both are open, as the session guard reads it
 * (src/modules/auth/client/session-guards.ts).
 */
export function documentsAreas(context: Pick<MenuContext, 'hrClient' | 'hsClient'>): { hr: boolean; hs: boolean } {
  if (!context.hrClient && !context.hsClient) return { hr: true, hs: true };
  return { hr: context.hrClient, hs: context.hsClient };
}

/** The path of an href without its query string and fragment. */
export function pathOf(href: string): string {
  return href.split(/[?#]/, 1)[0] ?? href;
}

/** The active item: its path equals the current path, ignoring query string and fragment. */
export function isActivePath(href: string, currentPath: string): boolean {
  return pathOf(href) === pathOf(currentPath);
}
