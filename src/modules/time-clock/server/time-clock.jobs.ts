// Forgotten clock-outs. Every ten minutes: a person still clocked in past their shift's end
// plus the company's grace is reminded once (bell and push); an entry still open when the
// London day of its shift's end has passed (or eight hours after it) is closed at the shift's
// end and flagged for the manager. An entry with no shift is closed after sixteen hours at its
// last event. Idempotent: each entry is locked, re-read and skipped once closed or reminded.
import { withSystem, withTenant, type Db } from '../../../server/db/database';
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { notify } from '../../../server/notifications/notify';
import { publish } from '../../../server/realtime/publish';
import { DATE_FORMATS, formatLondon, londonDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import { TIME_CLOCK_INVALIDATES, TIME_CLOCK_RESOURCES, type ClockFlag } from '../time-clock.contract';
import { summarise } from '../time-clock.policy';
import { findShifts } from './time-clock-shifts.queries';
import { findEntry, findEvents, findOpenEntriesDue, insertEvent, updateEntry } from './time-clock.queries';

const AUTO_CLOSE_AFTER_SHIFT_MS = 8 * 3_600_000;

/** When an open entry with a shift ending at `shiftEnd` is closed: its London day over, or eight hours on. */
export function autoCloseDue(shiftEnd: Date, now: Date): boolean {
  return londonDate(now) > londonDate(shiftEnd) || now.getTime() >= shiftEnd.getTime() + AUTO_CLOSE_AFTER_SHIFT_MS;
}

/** Reminds and closes what is due at `now`; returns how many entries it reminded and closed. */
export async function sweepForgottenClockOuts(db: Db, now = new Date()): Promise<{ reminded: number; closed: number }> {
  const due = await withSystem(db, (trx) => findOpenEntriesDue(trx, now));
  let reminded = 0;
  let closed = 0;
  for (const candidate of due) {
    await withTenant(db, candidate.company_id, async (trx) => {
      const companyId = candidate.company_id;
      const entry = await findEntry(trx, { companyId, id: candidate.id, lock: true });
      if (!entry || entry.clock_out_at) return;
      const events = await findEvents(trx, { companyId, entryIds: [entry.id] });
      const lastAt = events.reduce((latest, event) => (event.at > latest ? event.at : latest), entry.clock_in_at);
      const [shift] = entry.shift_id ? await findShifts(trx, { companyId, ids: [entry.shift_id] }) : [];
      const shiftEnd = shift ? new Date(shift.end_at) : null;
      const closeNow = shiftEnd ? autoCloseDue(shiftEnd, now) : true;
      if (closeNow) {
        const at = shiftEnd && shiftEnd > lastAt ? shiftEnd : lastAt;
        await insertEvent(trx, {
          companyId,
          entryId: entry.id,
          userId: entry.user_id,
          kind: 'clock_out',
          at,
          deviceTime: null,
          receivedAt: now,
          flag: 'auto_closed',
          source: 'auto_close',
        });
        const summary = summarise([...events, { kind: 'clock_out', at }], at);
        const flags: ClockFlag[] = entry.flags.includes('auto_closed') ? entry.flags : [...entry.flags, 'auto_closed'];
        await updateEntry(trx, {
          companyId,
          id: entry.id,
          values: { clock_out_at: at, break_minutes: summary.breakMinutes, worked_minutes: summary.workedMinutes, flags },
        });
        await notify(trx, {
          companyId,
          userId: entry.user_id,
          description: `You did not clock out. Your time from ${formatLondon(entry.clock_in_at, DATE_FORMATS.dateTime)} was closed at ${formatLondon(at, DATE_FORMATS.time)}, ${shift ? 'the end of your shift' : 'your last clock event'}, and your manager will check it.`,
        });
        await publish(trx, {
          channel: companyChannel(companyId),
          event: TIME_CLOCK_RESOURCES.clock,
          invalidates: TIME_CLOCK_INVALIDATES,
          companyId,
        });
        closed += 1;
        return;
      }
      if (shiftEnd && !candidate.reminded_at && now.getTime() >= shiftEnd.getTime() + candidate.grace * 60_000) {
        await notify(trx, {
          companyId,
          userId: entry.user_id,
          description: `Your shift ended at ${formatLondon(shiftEnd, DATE_FORMATS.time)} and you are still clocked in. Clock out if you have finished.`,
        });
        await updateEntry(trx, { companyId, id: entry.id, values: { reminded_at: now } });
        reminded += 1;
      }
    });
  }
  return { reminded, closed };
}

export const timeClockJobs: JobDefinition[] = [
  {
    name: 'time-clock-forgotten-clock-outs',
    schedule: { cron: '*/10 * * * *', timeZone: 'UTC' },
    catchUpAtStart: true,
    handler: async ({ db }) => {
      await sweepForgottenClockOuts(db);
    },
  },
];
