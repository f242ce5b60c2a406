// The calendar module's registration: GET /api/calendar-events and its own kinds (absences,
// bank holidays, company closure days); other modules add theirs through `calendar`.
import type { ServerModule } from '../../../server/server-module';
import { calendarRoutes } from './calendar.routes';
import { absenceSource, bankHolidaySource, closureSource } from './calendar-sources';

export const calendarModule: ServerModule = {
  name: 'calendar',
  routes: calendarRoutes,
  calendar: [absenceSource, bankHolidaySource, closureSource],
};
