// A menu context for tests: a company user with no permissions and nothing pending, changed per case.
import type { HttpMethod, PermissionEntry } from '../../../shared/scopes';
import type { MenuContext, PendingCounts } from './menu-context';

export const NOTHING_PENDING: PendingCounts = {
  document: 0,
  hr_task: 0,
  hs_task: 0,
  user_absence: 0,
  user_absence_rtw: 0,
  user_expense: 0,
  user_overtime: 0,
};

export function menuContext(overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    permissions: [],
    restricted: false,
    hrClient: true,
    hsClient: true,
    companySettings: { return_to_work_enabled: false, rota_enabled: false, overtime_enabled: false },
    overtimeSettings: { allow_payable_overtime: false, allow_toil_overtime: false },
    pending: NOTHING_PENDING,
    ...overrides,
  };
}

export function permission(endpoint: string, method: HttpMethod = 'GET'): PermissionEntry {
  return { endpoint, method, type: 'own' };
}

export function pending(counts: Partial<PendingCounts>): PendingCounts {
  return { ...NOTHING_PENDING, ...counts };
}
