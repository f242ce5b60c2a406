// Approved clocked hours feed holiday accrual: whenever an entry is approved, or an approved
// entry is edited (and so needs approving again), the person's week of approved hours is sent
// to the leave module's `hoursWorked` ledger (module-hooks.ts), which logs 12.07% of them when
// the person's leave builds from hours worked and does nothing otherwise.
import type { Trx } from '../../../server/db/database';
import { hoursWorkedLedger } from '../../../server/module-hooks';
import { publish } from '../../../server/realtime/publish';
import type { ServerModule } from '../../../server/server-module';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import { LEAVE_RESOURCES } from '../../leave/leave.contract';
import { sumApprovedMinutes } from './overtime-offers.queries';

/** Sends the approved hours of the week holding `date` (a London date) to the ledger; answers the balance's change. */
export async function feedWeekOf(
  trx: Trx,
  modules: readonly ServerModule[],
  input: { companyId: string; userId: string; date: string; actorId: string | null },
): Promise<number> {
  const ledger = hoursWorkedLedger(modules);
  if (!ledger) return 0;
  const weekStart = startOfWeek(input.date);
  const minutes = await sumApprovedMinutes(trx, {
    companyId: input.companyId,
    userId: input.userId,
    from: londonInstant(weekStart, '00:00'),
    to: londonInstant(addDays(weekStart, 7), '00:00'),
  });
  const result = await ledger.recordWeek(trx, {
    companyId: input.companyId,
    userId: input.userId,
    weekStart,
    hours: Math.round((minutes / 60) * 100) / 100,
    actorId: input.actorId,
  });
  if (!result || result.change === 0) return 0;
  await publish(trx, {
    channel: companyChannel(input.companyId),
    event: LEAVE_RESOURCES.valueLog,
    invalidates: [LEAVE_RESOURCES.period, LEAVE_RESOURCES.periodValue, LEAVE_RESOURCES.valueLog],
    companyId: input.companyId,
  });
  return result.change;
}

/** Each person's weeks the entries were clocked in, sent once each (an approval of a whole week logs one line). */
export async function feedWeeksOf(
  trx: Trx,
  modules: readonly ServerModule[],
  input: { companyId: string; entries: readonly { user_id: string; clock_in_at: Date }[]; actorId: string | null },
): Promise<void> {
  const weeks = new Map<string, { userId: string; date: string }>();
  for (const entry of input.entries) {
    const date = startOfWeek(londonDate(entry.clock_in_at));
    weeks.set(`${entry.user_id}:${date}`, { userId: entry.user_id, date });
  }
  for (const week of weeks.values()) await feedWeekOf(trx, modules, { companyId: input.companyId, actorId: input.actorId, ...week });
}
