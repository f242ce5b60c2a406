// The calendar module's registration: GET /api/calendar-events and its own kinds (absences,
// bank holidays, company closure days); other modules add theirs through `calendar`.
import type { ServerModule } from '../../../server/server-module';
import { calendarRoutes } from './calendar.routes';
import { absenceSource, bankHolidaySource, closureSource } from './calendar-sources';
import { calendarPersonalData } from './calendar.personal-data';

export const calendarModule: ServerModule = {
  name: 'calendar',
  personalData: calendarPersonalData,
  routes: calendarRoutes,
  calendar: [absenceSource, bankHolidaySource, closureSource],
};
