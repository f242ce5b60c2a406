// Every module's server registration, in the order routes mount and demo data is seeded.
// Adding a module is one line here.
import { alertsModule } from '../../modules/alerts/server/alerts.module';
import { articlesModule } from '../../modules/articles/server/articles.module';
import { authModule } from '../../modules/auth/server/auth.module';
import { chatModule } from '../../modules/chat/server/chat.module';
import { companiesModule } from '../../modules/companies/server/companies.module';
import { calendarModule } from '../../modules/calendar/server/calendar.module';
import { dashboardModule } from '../../server/pending-count/pending-count.module';
import { documentsModule } from '../../modules/documents/server/documents.module';
import { employeesModule } from '../../modules/employees/server/employees.module';
import { incidentsModule } from '../../modules/incidents/server/incidents.module';
import { expensesModule } from '../../modules/expenses/server/expenses.module';
import { leaveModule } from '../../modules/leave/server/leave.module';
import { noticesModule } from '../../modules/notices/server/notices.module';
import { notificationsModule } from '../../server/notifications/notifications.module';
import { overtimeModule } from '../../modules/overtime/server/overtime.module';
import { privacyModule } from '../../modules/privacy/server/privacy.module';
import { payrollModule } from '../../modules/payroll/server/payroll.module';
import { organisationModule } from '../../modules/organisation/server/organisation.module';
import { reportsModule } from '../../modules/reports/server/reports.module';
import { rotasModule } from '../../modules/rotas/server/rotas.module';
import { settingsModule } from '../../modules/settings/server/settings.module';
import { supportModule } from '../../modules/support/server/support.module';
import { tasksModule } from '../../modules/tasks/server/tasks.module';
import { timeClockModule } from '../../modules/time-clock/server/time-clock.module';
import { roleTemplates } from '../../server/roles';
import type { ServerModule } from '../../server/server-module';

export const serverModules: readonly ServerModule[] = [
  authModule,
  notificationsModule,
  dashboardModule,
  alertsModule,
  supportModule,
  chatModule,
  companiesModule,
  settingsModule,
  organisationModule,
  employeesModule,
  leaveModule,
  reportsModule,
  noticesModule,
  articlesModule,
  overtimeModule,
  payrollModule,
  tasksModule,
  incidentsModule,
  expensesModule,
  documentsModule,
  rotasModule,
  timeClockModule,
  calendarModule,
  privacyModule,
];

/** The roles a company starts with (and the administrators' role), from the modules' grants. */
export const PRODUCT_ROLES = roleTemplates(serverModules);
