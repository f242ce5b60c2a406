// The time clock's registration: clocking in and out (offline through the outbox), the
// managers' timesheets with edits and approval, approved hours as payroll elements, the
// forgotten clock-out job, the attendance report, clocked time on the calendar, the personal data it keeps, and the demo week;
// the kiosk (a location's shared tablet, people clocking with a PIN: kiosk.*.ts); and time beyond a shift
// offered as overtime, with approved hours feeding holiday accrual (overtime-offers.*.ts, clocked-hours-accrual.ts).
import type { ServerModule } from '../../../server/server-module';
import { attendanceReport } from './attendance-report';
import { seedOvertimeOffersDemo } from './overtime-offers-demo';
import { overtimeOfferTables } from './overtime-offers.personal-data';
import { overtimeOfferRoutes } from './overtime-offers.routes';
import { overtimeOfferTodos } from './overtime-offers.todos';
import { seedKioskDemo } from './kiosk-demo';
import { kioskPersonalData } from './kiosk.personal-data';
import { kioskRoutes } from './kiosk.routes';
import { clockedTimeCalendarSource } from './time-clock-calendar';
import { seedTimeClockDemo } from './time-clock-demo';
import { timeClockGrants } from './time-clock.grants';
import { timeClockJobs } from './time-clock.jobs';
import { timeClockPayroll } from './time-clock-payroll';
import { timeClockPersonalData } from './time-clock.personal-data';
import { timeClockRoutes } from './time-clock.routes';

export const timeClockModule: ServerModule = {
  name: 'time-clock',
  personalData: { tables: [...timeClockPersonalData.tables, ...kioskPersonalData.tables, ...overtimeOfferTables] },
  todos: overtimeOfferTodos,
  routes: async (app, options) => {
    await timeClockRoutes(app, options);
    await kioskRoutes(app, options);
    await overtimeOfferRoutes(app, options);
  },
  grants: timeClockGrants,
  jobs: timeClockJobs,
  payroll: timeClockPayroll,
  reports: [attendanceReport],
  calendar: [clockedTimeCalendarSource],
  demo: async (trx, company) => {
    await seedTimeClockDemo(trx, company);
    await seedKioskDemo(trx, company);
    await seedOvertimeOffersDemo(trx, company);
  },
};
