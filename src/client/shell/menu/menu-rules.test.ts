import { describe, expect, it } from 'vitest';
import { documentsAreas, isActivePath, leaveBadge, leaveTarget, overtimeTarget, overtimeVisible } from './menu-rules';
import { menuContext, pending, permission } from './menu-test-context';

const rtwEnabled = { return_to_work_enabled: true, rota_enabled: false, overtime_enabled: false };

describe('Leave & Absences target (SPEC §2.4)', () => {
  it('only return-to-work items pending goes to /leave-and-absences/return-to-work', () => {
    const context = menuContext({ companySettings: rtwEnabled, pending: pending({ user_absence_rtw: 2 }) });
    expect(leaveTarget(context)).toBe('/leave-and-absences/return-to-work');
  });

  it('absences needing approval go to the list with status=needApproval', () => {
    const context = menuContext({ companySettings: rtwEnabled, pending: pending({ user_absence: 1, user_absence_rtw: 3 }) });
    expect(leaveTarget(context)).toBe('/leave-and-absences/list?status=needApproval');
  });

  it('adds show_relevant_to_me=1 when the user has the user-absence permission', () => {
    const context = menuContext({ permissions: [permission('/api/user-absence')], pending: pending({ user_absence: 4 }) });
    expect(leaveTarget(context)).toBe('/leave-and-absences/list?status=needApproval&show_relevant_to_me=1');
  });

  it('otherwise goes to /leave-and-absences/timeline', () => {
    expect(leaveTarget(menuContext())).toBe('/leave-and-absences/timeline');
    expect(leaveTarget(menuContext({ pending: null }))).toBe('/leave-and-absences/timeline');
  });

  it('ignores return-to-work items when return to work is not enabled', () => {
    expect(leaveTarget(menuContext({ pending: pending({ user_absence_rtw: 2 }) }))).toBe('/leave-and-absences/timeline');
  });
});

describe('Leave & Absences badge (SPEC §2.4)', () => {
  it('is the pending absences', () => {
    expect(leaveBadge(menuContext({ pending: pending({ user_absence: 3, user_absence_rtw: 5 }) }))).toBe(3);
  });

  it('plus return-to-work items when return_to_work_enabled is set in company settings', () => {
    expect(leaveBadge(menuContext({ companySettings: rtwEnabled, pending: pending({ user_absence: 3, user_absence_rtw: 5 }) }))).toBe(8);
  });

  it('is 0 before the counts arrive', () => {
    expect(leaveBadge(menuContext({ pending: null }))).toBe(0);
  });
});

describe('Overtime (SPEC §2.4)', () => {
  const enabled = { return_to_work_enabled: false, rota_enabled: false, overtime_enabled: true };
  const none = { allow_payable_overtime: false, allow_toil_overtime: false };

  it.each([
    ['may report payable overtime', { allow_payable_overtime: true, allow_toil_overtime: false }, []],
    ['may report TOIL overtime', { allow_payable_overtime: false, allow_toil_overtime: true }, []],
    ['can approve overtime', none, [permission('/api/approve-overtime', 'PUT')]],
  ])('shows when overtime is enabled for the company and the user %s', (_case, overtimeSettings, permissions) => {
    expect(overtimeVisible(menuContext({ companySettings: enabled, overtimeSettings, permissions }))).toBe(true);
  });

  it('hides when the user may neither report nor approve overtime', () => {
    expect(overtimeVisible(menuContext({ companySettings: enabled, overtimeSettings: none }))).toBe(false);
  });

  it('hides when overtime is not enabled for the company, whatever the user may do', () => {
    const overtimeSettings = { allow_payable_overtime: true, allow_toil_overtime: true };
    expect(overtimeVisible(menuContext({ overtimeSettings, permissions: [permission('/api/approve-overtime')] }))).toBe(false);
    expect(overtimeVisible(menuContext({ companySettings: null, overtimeSettings }))).toBe(false);
  });

  it('goes to /overtime, with ?status=reported when reported overtime is pending', () => {
    expect(overtimeTarget(menuContext())).toBe('/overtime');
    expect(overtimeTarget(menuContext({ pending: pending({ user_overtime: 1 }) }))).toBe('/overtime?status=reported');
  });
});

describe('documents areas of restricted mode (SPEC §6: hr_client and hs_client)', () => {
  it.each([
    [true, false, { hr: true, hs: false }],
    [false, true, { hr: false, hs: true }],
    [true, true, { hr: true, hs: true }],
    [false, false, { hr: true, hs: true }],
  ])('hr_client %s, hs_client %s → %o', (hrClient, hsClient, expected) => {
    expect(documentsAreas({ hrClient, hsClient })).toEqual(expected);
  });
});

describe('active item (SPEC §2.4)', () => {
  it('is the one whose path equals the current path, ignoring query string and fragment', () => {
    expect(isActivePath('/leave-and-absences/list?status=needApproval', '/leave-and-absences/list')).toBe(true);
    expect(isActivePath('/overtime', '/overtime?status=reported#top')).toBe(true);
    expect(isActivePath('/', '/#notifications')).toBe(true);
  });

  it('is not a prefix match', () => {
    expect(isActivePath('/', '/notifications')).toBe(false);
    expect(isActivePath('/overtime', '/overtime/12')).toBe(false);
  });
});
