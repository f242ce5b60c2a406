// Shared bits of the leave client's component tests: a signed-in token, permissions, picking
// from a Mantine select the way a user does, and contract-shaped records.
import { act, fireEvent, screen } from '@testing-library/react';
import { setToken } from '../../../../client/auth/token-store';
import type { HttpMethod, PermissionEntry, Scope } from '../../../../shared/scopes';
import type { SuggestedAbsence } from '../../absences.contract';
import type { LeaveType } from '../../leave-settings.contract';

export const ME = '0b6f1c0e-0000-4000-8000-000000000001';
export const COMPANY = '0b6f1c0e-0000-4000-8000-0000000000c0';
export const ANNUAL = '0b6f1c0e-0000-4000-8000-0000000000a1';
export const SICK = '0b6f1c0e-0000-4000-8000-0000000000a2';

export function signInAs(permissions: PermissionEntry[] = [], userId = ME): void {
  localStorage.clear();
  const claims = { user_id: userId, first_name: 'Ann', company_id: COMPANY };
  setToken(`x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`);
  localStorage.setItem('permissions', JSON.stringify(permissions));
}

export const grants = (endpoint: string, scope: Scope, methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE']): PermissionEntry[] =>
  methods.map((method) => ({ endpoint, method, type: scope }));

export async function pick(label: string | RegExp, option: string): Promise<void> {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  await screen.findByRole('option', { name: option });
  // A click within 200 ms of opening is taken for the opening tap's echo.
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

export const leaveType = (overrides: Partial<LeaveType>): LeaveType => ({
  id: ANNUAL,
  key: 'annual_leave',
  name: 'Annual leave',
  paid: true,
  deducted: true,
  needs_approval: true,
  colour: 'green',
  sort_order: 1,
  archived: false,
  ...overrides,
});

export const LEAVE_TYPES = [
  leaveType({}),
  leaveType({ id: SICK, key: 'sickness', name: 'Sickness', deducted: false, needs_approval: false, colour: 'red' }),
];

export const suggestion = (overrides: Partial<SuggestedAbsence> = {}): SuggestedAbsence => ({
  unit: 'days',
  deduction: 3,
  days: [
    { date: '2026-05-22', amount: 1, skipped: null, bank_holiday_name: null },
    { date: '2026-05-23', amount: 0, skipped: 'non_working', bank_holiday_name: null },
    { date: '2026-05-24', amount: 0, skipped: 'non_working', bank_holiday_name: null },
    { date: '2026-05-25', amount: 0, skipped: 'bank_holiday', bank_holiday_name: 'Spring bank holiday' },
    { date: '2026-05-26', amount: 1, skipped: null, bank_holiday_name: null },
    { date: '2026-05-27', amount: 1, skipped: null, bank_holiday_name: null },
  ],
  deducted: true,
  available_before: 12,
  remaining_after: 9,
  allow_negative: false,
  clashes: [],
  problem: null,
  blocked: null,
  period: { id: null, start_date: '2026-01-01', end_date: '2026-12-31' },
  ...overrides,
});
