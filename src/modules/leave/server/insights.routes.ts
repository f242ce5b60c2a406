// Leave and absences — insights part: who is at work, timeline, Bradford factor, calendar feed.
// Who is at work is open to every signed-in user (the dashboard widget and the directory):
// the counts are the company's (or a department's); the names are only those the caller may
// know are away — their absence scope's people with the leave type, else their own
// departments' colleagues without it.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { actorOf, withPerson } from '../../../server/http/person-access';
import { requireCompany, requireSession, type Session } from '../../../server/plugins/request-context';
import { addDays, londonDate } from '../../../shared/dates';
import { levelFor, scopeCoversUser } from '../../../shared/scopes';
import { bradfordScore, bradfordSpells, type SpellInput } from '../bradford-factor';
import { requestDeduction } from '../leave-rules';
import {
  TimelineQuerySchema,
  WhoAtWorkQuerySchema,
  type BradfordFactor,
  type Timeline,
  type WhoAtWork,
  type WhoAtWorkEntry,
} from '../leave-insights.contract';
import { LEAVE_ENDPOINTS } from '../leave.contract';
import { leaveContext, personBankHolidays } from './balances';
import { mountAbsenceCalendar } from './calendar-feed';
import { leaveTypeSummaryOf } from './leave-type-summary';
import { countEmployed, findAbsentOn, findSicknessBetween, type AbsentRow } from './insights.queries';
import { absenceReadLevel, buildTimeline } from './timeline';

/** The Bradford factor looks back 52 weeks, today included. */
export const BRADFORD_WINDOW_DAYS = 52 * 7;

/** The entry as this caller may see it, or null when they may not know the person is away. */
function entryFor(session: Session, companyId: string, row: AbsentRow): WhoAtWorkEntry | null {
  const subject = { userId: row.user_id, companyId, departmentIds: row.department_ids };
  const seesType = scopeCoversUser(levelFor(session.permissions, LEAVE_ENDPOINTS.absence, 'GET'), actorOf(session), subject);
  const colleague = row.department_ids.some((id) => session.departmentIds.includes(id));
  if (!seesType && !colleague) return null;
  return {
    user_id: row.user_id,
    name: `${row.first_name} ${row.surname}`,
    department_name: row.department_name,
    leave_type: seesType ? leaveTypeSummaryOf(row) : null,
    start_date: row.start_date,
    end_date: row.end_date,
    duration_type: row.duration_type,
    half_day_part: row.half_day_part,
  };
}

export function mountInsights(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/who-at-work', { config: { access: 'authenticated' } }, async (request): Promise<WhoAtWork> => {
    const session = requireSession(request);
    const companyId = requireCompany(session);
    const query = parseInput(WhoAtWorkQuerySchema, request.query ?? {});
    const date = query.date ?? londonDate(new Date());
    return withTenant(db, companyId, async (trx) => {
      const filter = { companyId, date, ...(query.department_id ? { departmentId: query.department_id } : {}) };
      const employed = await countEmployed(trx, filter);
      const rows = await findAbsentOn(trx, filter);
      // Only a whole day away takes someone out of the count: a half day or a few hours off
      // still sees them at work that day.
      const away = new Set(rows.filter((row) => row.duration_type === 'days').map((row) => row.user_id));
      const absent = rows.map((row) => entryFor(session, companyId, row)).filter((entry): entry is WhoAtWorkEntry => entry !== null);
      return { date, active_count: employed, at_work_count: Math.max(0, employed - away.size), absent };
    });
  });

  app.get(
    '/api/absence-timeline',
    // The team month through the company's data version: repeats are 304s or one cached body.
    { config: { access: { endpoint: LEAVE_ENDPOINTS.absence, method: 'GET' }, versionedRead: true } },
    async (request): Promise<Timeline> => {
      const session = requireSession(request);
      const companyId = requireCompany(session);
      const query = parseInput(TimelineQuerySchema, request.query ?? {});
      return withTenant(db, companyId, (trx) =>
        buildTimeline(trx, {
          session,
          companyId,
          level: absenceReadLevel(session),
          from: query.from,
          to: query.to,
          ...(query.department_id ? { departmentIds: query.department_id } : {}),
          ...(query.search ? { search: query.search } : {}),
        }),
      );
    },
  );

  app.get(
    '/api/bradford-factor/:userId',
    { config: { access: { endpoint: LEAVE_ENDPOINTS.bradford, method: 'GET' } } },
    async (request): Promise<BradfordFactor> => {
      const session = requireSession(request);
      const { userId } = request.params as { userId: string };
      const to = londonDate(new Date());
      const from = addDays(to, -(BRADFORD_WINDOW_DAYS - 1));
      return withPerson(db, { session, userId, endpoint: LEAVE_ENDPOINTS.bradford, method: 'GET' }, async ({ trx, companyId }) => {
        const context = await leaveContext(trx, { companyId, userId, date: to });
        const bankHolidays = await personBankHolidays(trx, { companyId, region: context.region, from, to });
        const absences: SpellInput[] = [];
        for (const row of await findSicknessBetween(trx, { companyId, userId, from, to })) {
          // Only the part inside the window counts; an open-ended absence runs to today.
          const start = row.start_date < from ? from : row.start_date;
          const end = row.end_date === null || row.end_date > to ? to : row.end_date;
          const days = requestDeduction({
            start_date: start,
            end_date: end,
            duration_type: row.duration_type,
            half_day_part: row.half_day_part,
            hours: row.hours,
            unit: 'days',
            week: context.week,
            bankHolidays,
          }).total;
          // Sickness only on days the person does not work is no absence from work.
          if (days > 0) absences.push({ id: row.id, start_date: start, end_date: end, days });
        }
        const spells = bradfordSpells(absences, context.week);
        const days = spells.reduce((sum, spell) => sum + spell.days, 0);
        return { user_id: userId, from, to, spells, spell_count: spells.length, days, score: bradfordScore(spells.length, days) };
      });
    },
  );

  mountAbsenceCalendar(app, deps);
}
