import { describe, expect, it } from 'vitest';
import { NOTHING_PENDING, pending } from '../menu/menu-test-context';
import { pendingActions } from './pending-actions';

describe('pendingActions', () => {
  it('lists only the non-zero counts, each with a link to where the action is', () => {
    expect(pendingActions(pending({ user_absence: 2, hr_task: 1 }))).toEqual([
      {
        key: 'user_absence',
        count: 2,
        label: '2 absence requests to approve',
        href: '/leave-and-absences/list?status=needApproval&show_relevant_to_me=1',
      },
      { key: 'hr_task', count: 1, label: '1 HR task to do', href: '/hr-tasks' },
    ]);
  });

  it('lists nothing when nothing is pending or the counts have not arrived', () => {
    expect(pendingActions(NOTHING_PENDING)).toEqual([]);
    expect(pendingActions(undefined)).toEqual([]);
  });

  it('covers every key of the pending count but documents, which their own card names by kind', () => {
    const all = pendingActions({
      document: 1,
      hr_task: 1,
      hs_task: 1,
      user_absence: 1,
      user_absence_rtw: 1,
      user_expense: 1,
      user_overtime: 1,
    });
    expect(all.map((action) => action.key).sort()).toEqual(
      Object.keys(NOTHING_PENDING)
        .filter((key) => key !== 'document')
        .sort(),
    );
    // "1 document to sign" for a document to acknowledge was wrong: no line says so any more.
    expect(all.map((action) => action.label)).not.toContain('1 document to sign');
  });
});
