// The calendar feed (GET /api/calendar/{token}.ics): an iCalendar file (RFC 5545) of the
// approved absences of the people the token's holder approves for, and their own, that a
// calendar app subscribes to (the token and the route are the platform's calendar feed).
// Absences are all-day events that leave the time free.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { mountCalendarFeed } from '../../../server/calendar/calendar-feed';
import { writeCalendar } from '../../../server/calendar/icalendar';
import { withSystem, withTenant } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { addDays } from '../../../shared/dates';
import { HALF_DAY_PARTS } from '../leave.contract';
import { findFeedAbsences, findFeedOwner, type FeedAbsence } from './calendar-feed.queries';

/** How far back and ahead the feed reaches: a year behind, two ahead. */
const FEED_DAYS_BEHIND = 366;
const FEED_DAYS_AHEAD = 731;
const FEED_MAX_EVENTS = 5000;

function summaryOf(absence: FeedAbsence): string {
  const part =
    absence.duration_type === 'half_day' && absence.half_day_part && HALF_DAY_PARTS.includes(absence.half_day_part)
      ? ` (half day, ${absence.half_day_part})`
      : absence.duration_type === 'hours' && absence.hours !== null
        ? ` (${absence.hours} h)`
        : '';
  const pending = absence.status === 'cancellation_requested' ? ' – cancellation requested' : '';
  return `${absence.first_name} ${absence.surname}: ${absence.leave_type_name}${part}${pending}`;
}

/** The whole calendar. An open-ended absence shows up to `today`, growing each day until the person is back. */
export function buildCalendar(absences: FeedAbsence[], today: string): string {
  return writeCalendar({
    product: 'Leave and absences',
    name: 'Stafflane absences',
    events: absences.map((absence) => ({
      uid: absence.id,
      stamp: absence.updated_at,
      firstDay: absence.start_date,
      lastDay: absence.end_date ?? (today > absence.start_date ? today : absence.start_date),
      summary: summaryOf(absence),
      free: true,
    })),
  });
}

export function mountAbsenceCalendar(app: FastifyInstance, deps: AppDeps): void {
  mountCalendarFeed(app, deps, '/api/calendar/:token.ics', async (holder, today) => {
    const owner = await withSystem(deps.db, (trx) => findFeedOwner(trx, holder.user_id));
    if (!owner) throw AppError.notFound();
    const absences = await withTenant(deps.db, holder.company_id, (trx) =>
      findFeedAbsences(trx, {
        companyId: holder.company_id,
        approver: {
          userId: holder.user_id,
          departmentIds: owner.department_ids,
          companyWide: owner.company_wide,
          departmentScope: owner.department_scope,
          rank: owner.rank,
        },
        from: addDays(today, -FEED_DAYS_BEHIND),
        to: addDays(today, FEED_DAYS_AHEAD),
        limit: FEED_MAX_EVENTS,
      }),
    );
    return buildCalendar(absences, today);
  });
}
