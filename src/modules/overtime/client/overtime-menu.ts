// The Overtime menu entry's rules: shown only when overtime is on for the company
// and the user may report payable or TOIL overtime or may approve it; to the reports waiting
// when there are some.
import { holds, pendingCount, type MenuContext } from '../../../client/shell/menu/menu-context';

export const OVERTIME_LIST = '/overtime';

export function overtimeVisible(context: MenuContext): boolean {
  if (!context.companySettings?.overtime_enabled) return false;
  const reports = Boolean(context.overtimeSettings?.allow_payable_overtime || context.overtimeSettings?.allow_toil_overtime);
  return reports || holds(context, '/api/approve-overtime');
}

export function overtimeTarget(context: MenuContext): string {
  return pendingCount(context, 'user_overtime') > 0 ? `${OVERTIME_LIST}?status=reported` : OVERTIME_LIST;
}

export const overtimeBadge = (context: MenuContext): number => pendingCount(context, 'user_overtime');
