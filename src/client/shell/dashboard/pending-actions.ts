// "Needs your action" on the dashboard: each non-zero pending count (pending-count)
// as a line linking to where the approval or task is. Keys whose module has not landed count
// 0 on the server, so they never show. Documents are counted by the documents module's own
// card, each kind by its name: the `document` count adds those to sign and to acknowledge.
import type { PendingCounts } from '../menu/menu-context';

export type PendingAction = { key: keyof PendingCounts; count: number; label: string; href: string };

const ACTIONS: { key: keyof PendingCounts; one: string; many: string; href: string }[] = [
  {
    key: 'user_absence',
    one: 'absence request to approve',
    many: 'absence requests to approve',
    href: '/leave-and-absences/list?status=needApproval&show_relevant_to_me=1',
  },
  {
    key: 'user_absence_rtw',
    one: 'return-to-work form to complete',
    many: 'return-to-work forms to complete',
    href: '/leave-and-absences/return-to-work',
  },
  { key: 'user_expense', one: 'expense claim to approve', many: 'expense claims to approve', href: '/expenses' },
  { key: 'user_overtime', one: 'overtime report to approve', many: 'overtime reports to approve', href: '/overtime?status=reported' },
  { key: 'hr_task', one: 'HR task to do', many: 'HR tasks to do', href: '/hr-tasks' },
  { key: 'hs_task', one: 'H&S task to do', many: 'H&S tasks to do', href: '/hs-tasks' },
];

export function pendingActions(counts: PendingCounts | null | undefined): PendingAction[] {
  if (!counts) return [];
  return ACTIONS.filter((action) => counts[action.key] > 0).map((action) => {
    const count = counts[action.key];
    return { key: action.key, count, label: `${count} ${count === 1 ? action.one : action.many}`, href: action.href };
  });
}
