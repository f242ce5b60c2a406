// The calendar feed (GET /api/calendar/{token}.ics): an iCalendar file (RFC 5545) of the
// approved absences of the people the token's owner approves for, and their own, that a
// calendar app subscribes to. The app sends no bearer token, so the route is public and the
// token (users.icalendar_token, reset in the user's settings) is the secret: an unknown one
// is a 404 like any other missing file. Absences are all-day events that leave the time free.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { writeCalendar } from '../../../server/calendar/icalendar';
import { withSystem, withTenant } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate } from '../../../shared/dates';
import { HALF_DAY_PARTS } from '../leave.contract';
import { findFeedAbsences, findFeedOwner, type FeedAbsence } from './calendar-feed.queries';

/** How far back and ahead the feed reaches: a year behind, two ahead. */
const FEED_DAYS_BEHIND = 366;
const FEED_DAYS_AHEAD = 731;
const FEED_MAX_EVENTS = 5000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

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

export function mountCalendarFeed(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/calendar/:token.ics', { config: { access: 'public' } }, async (request, reply) => {
    const token = (request.params as { token?: string }).token ?? '';
    if (!TOKEN_PATTERN.test(token)) throw AppError.notFound();
    const owner = await withSystem(deps.db, (trx) => findFeedOwner(trx, token));
    if (!owner) throw AppError.notFound();
    const today = londonDate(new Date());
    const absences = await withTenant(deps.db, owner.company_id, (trx) =>
      findFeedAbsences(trx, {
        companyId: owner.company_id,
        approver: {
          userId: owner.user_id,
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
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=900')
      .header('x-content-type-options', 'nosniff')
      .send(buildCalendar(absences, today));
  });
}
