// The dashboard's counts of what waits for the caller (pending-count, §7).
import * as v from 'valibot';

/**
 * GET /api/pending-count answers every one of these keys, always. Each module registers the
 * counter of its own key when it lands (approvals by scope or as line manager, or what the
 * caller must act on). The rule: a key whose module has not landed — no counter registered —
 * counts 0, and so does every key for an administrator (no company, nothing to approve).
 */
export const PENDING_COUNT_KEYS = [
  'document',
  'hr_task',
  'hs_task',
  'user_absence',
  'user_absence_rtw',
  'user_expense',
  'user_overtime',
] as const;
export type PendingCountKey = (typeof PENDING_COUNT_KEYS)[number];

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const PendingCountSchema = v.object({
  document: count,
  hr_task: count,
  hs_task: count,
  user_absence: count,
  user_absence_rtw: count,
  user_expense: count,
  user_overtime: count,
});
export type PendingCount = v.InferOutput<typeof PendingCountSchema>;

export const dashboardPaths = { pendingCount: '/api/pending-count' } as const;

/** The name realtime events list in `invalidates` when a pending count may have changed. */
export const PENDING_COUNT_RESOURCE = 'pending-count';
