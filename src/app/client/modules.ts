// Every module's client registration. Adding a module's screens to the shell is one line here.
import { alertsClientModule } from '../../modules/alerts/client/alerts.module';
import { authClientModule } from '../../modules/auth/client/auth.module';
import { companiesClientModule } from '../../modules/companies/client/companies.module';
import { articlesClientModule } from '../../modules/articles/client/articles.module';
import { documentsClientModule } from '../../modules/documents/client/documents.module';
import { chatClientModule } from '../../modules/chat/client/chat.module';
import { calendarClientModule } from '../../modules/calendar/client/calendar.module';
import { employeesClientModule } from '../../modules/employees/client/employees.module';
import { incidentsClientModule } from '../../modules/incidents/client/incidents.module';
import { expensesClientModule } from '../../modules/expenses/client/expenses.module';
import { leaveClientModule } from '../../modules/leave/client/leave.module';
import { noticesClientModule } from '../../modules/notices/client/notices.module';
import { overtimeClientModule } from '../../modules/overtime/client/overtime.module';
import { payrollClientModule } from '../../modules/payroll/client/payroll.module';
import { organisationClientModule } from '../../modules/organisation/client/organisation.module';
import { reportsClientModule } from '../../modules/reports/client/reports.module';
import { privacyClientModule } from '../../modules/privacy/client/privacy.module';
import { rotasClientModule } from '../../modules/rotas/client/rotas.module';
import { settingsClientModule } from '../../modules/settings/client/settings.module';
import { supportClientModule } from '../../modules/support/client/support.module';
import { tasksClientModule } from '../../modules/tasks/client/tasks.module';
import { timeClockClientModule } from '../../modules/time-clock/client/time-clock.module';
import type { ClientModule } from '../../client/shell/client-module';

export const clientModules: readonly ClientModule[] = [
  // Their banners first: an impersonated session's, then the administrators' alerts.
  authClientModule,
  alertsClientModule,
  settingsClientModule,
  companiesClientModule,
  organisationClientModule,
  employeesClientModule,
  leaveClientModule,
  overtimeClientModule,
  payrollClientModule,
  expensesClientModule,
  rotasClientModule,
  timeClockClientModule,
  calendarClientModule,
  reportsClientModule,
  supportClientModule,
  chatClientModule,
  noticesClientModule,
  articlesClientModule,
  tasksClientModule,
  incidentsClientModule,
  documentsClientModule,
  privacyClientModule,
];
