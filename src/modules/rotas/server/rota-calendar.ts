// The personal iCalendar feed (GET /api/rota/calendar/{token}.ics): the person's published
// shifts and approved leave, for a calendar app to subscribe to. Shifts are written at their
// London times (a 09:00 shift stays at 09:00 on either side of a clock change); UIDs are the
// records' ids, so an edited shift updates in place.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { mountCalendarFeed } from '../../../server/calendar/calendar-feed';
import { writeCalendar } from '../../../server/calendar/icalendar';
import { withTenant } from '../../../server/db/database';
import { addDays } from '../../../shared/dates';
import { findFeedEntries, type FeedLeave, type FeedShift } from './rota-extras.queries';

const DAYS_BEHIND = 92;
const DAYS_AHEAD = 366;

/** The person's shifts at their London times, and their leave as all-day events. */
export function buildRotaCalendar(input: { shifts: FeedShift[]; leave: FeedLeave[]; today: string }): string {
  const shifts = input.shifts.map((shift) => ({
    uid: `shift-${shift.id}@stafflane`,
    stamp: shift.updated_at,
    start: shift.start_at,
    end: shift.end_at,
    summary: [shift.role || 'Shift', shift.department_name].join(' – '),
    location: shift.location_name,
    description: shift.notes,
  }));
  const leave = input.leave.map((absence) => ({
    uid: `absence-${absence.id}@stafflane`,
    stamp: absence.updated_at,
    firstDay: absence.start_date,
    lastDay: absence.end_date ?? (input.today > absence.start_date ? input.today : absence.start_date),
    summary: absence.name,
    free: true,
  }));
  return writeCalendar({ product: 'Rota', name: 'My shifts (Stafflane)', refreshHours: 1, events: [...shifts, ...leave] });
}

export function mountRotaCalendar(app: FastifyInstance, deps: AppDeps): void {
  mountCalendarFeed(app, deps, '/api/rota/calendar/:token.ics', async (holder, today) => {
    const entries = await withTenant(deps.db, holder.company_id, (trx) =>
      findFeedEntries(trx, {
        companyId: holder.company_id,
        userId: holder.user_id,
        from: addDays(today, -DAYS_BEHIND),
        to: addDays(today, DAYS_AHEAD),
      }),
    );
    return buildRotaCalendar({ ...entries, today });
  });
}
