import { describe, expect, it } from 'vitest';
import { menuContext, pending, permission } from '../../../client/shell/menu/menu-test-context';
import { leaveBadge, leaveTarget } from './leave-menu';

const rtwEnabled = { return_to_work_enabled: true, rota_enabled: false, overtime_enabled: false };

describe('Leave & Absences target', () => {
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

describe('Leave & Absences badge', () => {
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
