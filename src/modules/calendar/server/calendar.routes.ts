// GET /api/calendar-events: every registered kind's entries the viewer may see in the range,
// narrowed to the chosen departments and kinds. Open to every signed-in company user: each
// source keeps to the viewer's own scope.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { CALENDAR_PATH, CalendarQuerySchema, type CalendarAnswer } from '../../../shared/calendar.contract';

export const calendarRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const sources = deps.modules.flatMap((module) => module.calendar ?? []);
  app.get(CALENDAR_PATH, { config: { access: 'authenticated' } }, async (request): Promise<CalendarAnswer> => {
    const session = requireSession(request);
    const companyId = requireCompany(session);
    const query = parseInput(CalendarQuerySchema, request.query ?? {});
    const chosen = sources.filter((source) => query.kind.length === 0 || query.kind.includes(source.kind));
    const entries = await withTenant(deps.db, companyId, async (trx) => {
      const found = [];
      for (const source of chosen)
        found.push(...(await source.find(trx, { companyId, session, from: query.from, to: query.to, departmentIds: query.department_id })));
      return found;
    });
    entries.sort((a, b) => (a.start_at ?? a.start_date).localeCompare(b.start_at ?? b.start_date));
    return { from: query.from, to: query.to, kinds: sources.map(({ kind, label, colour }) => ({ kind, label, colour })), entries };
  });
};
