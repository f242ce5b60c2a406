// What the menu rules decide on: the session (permissions, docs-only and
// the HR/H&S client flags) and, when a registered entry asks for them, the company settings, the
// user's overtime settings and the pending counts. Data not (yet) loaded reads as null.
import type { PermissionEntry } from '../../../shared/scopes';

/** The seven keys of GET /api/pending-count. */
export type PendingCounts = {
  document: number;
  hr_task: number;
  hs_task: number;
  user_absence: number;
  user_absence_rtw: number;
  user_expense: number;
  user_overtime: number;
};

export type MenuCompanySettings = { return_to_work_enabled: boolean; rota_enabled: boolean; overtime_enabled: boolean };
export type MenuOvertimeSettings = { allow_payable_overtime: boolean; allow_toil_overtime: boolean };

export type MenuContext = {
  permissions: readonly PermissionEntry[];
  /** Restricted mode: the session is docs-only. */
  restricted: boolean;
  hrClient: boolean;
  hsClient: boolean;
  companySettings: MenuCompanySettings | null;
  overtimeSettings: MenuOvertimeSettings | null;
  pending: PendingCounts | null;
};

/** What a menu entry may ask the shell to load before its rules run. */
export type MenuNeed = 'companySettings' | 'overtimeSettings' | 'pending';

/** "Has the X permission": any entry for the endpoint, whatever method or scope. */
export function holds(context: Pick<MenuContext, 'permissions'>, endpoint: string): boolean {
  return context.permissions.some((entry) => entry.endpoint === endpoint);
}

export const pendingCount = (context: MenuContext, key: keyof PendingCounts): number => context.pending?.[key] ?? 0;
