// "In now": who is clocked in at this moment, since when, on a break since when, and the shift
// the time is against, for the people whose timesheets the caller reads (managers their
// departments, owners and HR admins the company). Realtime events naming the timesheets
// refresh it, so it changes as people clock in and out.
import { mayActOn } from '../../../server/http/person-access';
import { findPersonSubjects } from '../../../server/http/person-subject.queries';
import { requireCompany } from '../../../server/plugins/request-context';
import { withTenant } from '../../../server/db/database';
import type { Scope } from '../../../shared/scopes';
import { TIMESHEETS_ENDPOINT, type InNow } from '../time-clock.contract';
import { summarise } from '../time-clock.policy';
import { findOpenEntriesInReach } from './time-clock-in-now.queries';
import { findShifts } from './time-clock-shifts.queries';
import { findEvents } from './time-clock.queries';
import { toShift, type TimeClockCaller } from './time-clock.service';

export async function getInNow(caller: TimeClockCaller, level: Scope): Promise<InNow> {
  const companyId = requireCompany(caller.session);
  const { session } = caller;
  return withTenant(caller.db, companyId, async (trx) => {
    const rows = await findOpenEntriesInReach(trx, {
      companyId,
      level: level === 'company' || level === 'global' ? 'company' : level,
      callerId: session.userId,
      departmentIds: session.departmentIds,
    });
    const subjects = await findPersonSubjects(trx, { companyId, userIds: rows.map((row) => row.user_id) });
    const visible = rows.filter((row) => {
      const subject = subjects.find((candidate) => candidate.userId === row.user_id);
      return subject !== undefined && mayActOn(session, subject, TIMESHEETS_ENDPOINT, 'GET');
    });
    const events = await findEvents(trx, { companyId, entryIds: visible.map((row) => row.id) });
    const shifts = await findShifts(trx, { companyId, ids: visible.flatMap((row) => (row.shift_id ? [row.shift_id] : [])) });
    return {
      people: visible.map((row) => {
        const own = events.filter((event) => event.entry_id === row.id);
        const onBreak = summarise(own).onBreak;
        const breakStart = [...own].reverse().find((event) => event.kind === 'break_start');
        const shift = shifts.find((candidate) => candidate.id === row.shift_id);
        return {
          user_id: row.user_id,
          name: row.name,
          department_name: row.department_name,
          clock_in_at: new Date(row.clock_in_at).toISOString(),
          break_since: onBreak && breakStart ? new Date(breakStart.at).toISOString() : null,
          shift: shift ? toShift(shift) : null,
          flags: row.flags,
        };
      }),
    };
  });
}
