// Every module's server registration, in the order routes mount and demo data is seeded.
// Adding a module is one line here.
import { alertsModule } from '../modules/alerts/server/alerts.module';
import { authModule } from '../modules/auth/server/auth.module';
import { calendarModule } from '../modules/calendar/server/calendar.module';
import { dashboardModule } from '../modules/dashboard/server/dashboard.module';
import { employeesModule } from '../modules/employees/server/employees.module';
import { leaveModule } from '../modules/leave/server/leave.module';
import { notificationsModule } from '../modules/notifications/server/notifications.module';
import { organisationModule } from '../modules/organisation/server/organisation.module';
import { reportsModule } from '../modules/reports/server/reports.module';
import { rotasModule } from '../modules/rotas/server/rotas.module';
import { settingsModule } from '../modules/settings/server/settings.module';
import { supportModule } from '../modules/support/server/support.module';
import { roleTemplates } from './roles';
import type { ServerModule } from './server-module';

export const serverModules: readonly ServerModule[] = [
  authModule,
  notificationsModule,
  dashboardModule,
  alertsModule,
  supportModule,
  settingsModule,
  organisationModule,
  employeesModule,
  leaveModule,
  rotasModule,
  calendarModule,
  reportsModule,
];

/** The roles a company starts with (and the administrators' role), from the modules' grants. */
export const PRODUCT_ROLES = roleTemplates(serverModules);
