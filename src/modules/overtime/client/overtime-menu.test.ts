import { describe, expect, it } from 'vitest';
import { menuContext } from '../../../client/shell/menu/menu-test-context';
import { overtimeBadge, overtimeTarget, overtimeVisible } from './overtime-menu';

const on = { return_to_work_enabled: false, rota_enabled: false, overtime_enabled: true };

describe('the Overtime menu entry', () => {
  it('shows only with overtime on and a person who may report or approve', () => {
    const employee = menuContext({ companySettings: on, overtimeSettings: { allow_payable_overtime: false, allow_toil_overtime: true } });
    expect(overtimeVisible(employee)).toBe(true);
    expect(overtimeVisible({ ...employee, companySettings: { ...on, overtime_enabled: false } })).toBe(false);
    const nothing = menuContext({ companySettings: on, overtimeSettings: { allow_payable_overtime: false, allow_toil_overtime: false } });
    expect(overtimeVisible(nothing)).toBe(false);
    expect(overtimeVisible({ ...nothing, permissions: [{ endpoint: '/api/approve-overtime', method: 'PUT', type: 'department' }] })).toBe(
      true,
    );
  });

  it('goes to the reports waiting when there are some, with their count as the badge', () => {
    const context = menuContext({ companySettings: on });
    expect(overtimeTarget(context)).toBe('/overtime');
    const waiting = { ...context, pending: { ...context.pending!, user_overtime: 3 } };
    expect(overtimeTarget(waiting)).toBe('/overtime?status=reported');
    expect(overtimeBadge(waiting)).toBe(3);
  });
});
