// The Leave & Absences menu entry's rules: where it goes and what its badge counts.
import { holds, pendingCount, type MenuContext } from '../../../client/shell/menu/menu-context';

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
