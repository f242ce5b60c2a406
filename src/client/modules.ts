// Every module's client registration. Adding a module's screens to the shell is one line here.
import { calendarClientModule } from '../modules/calendar/client/calendar.module';
import { employeesClientModule } from '../modules/employees/client/employees.module';
import { leaveClientModule } from '../modules/leave/client/leave.module';
import { organisationClientModule } from '../modules/organisation/client/organisation.module';
import { reportsClientModule } from '../modules/reports/client/reports.module';
import { rotasClientModule } from '../modules/rotas/client/rotas.module';
import { settingsClientModule } from '../modules/settings/client/settings.module';
import { supportClientModule } from '../modules/support/client/support.module';
import type { ClientModule } from './shell/client-module';

export const clientModules: readonly ClientModule[] = [
  settingsClientModule,
  organisationClientModule,
  employeesClientModule,
  leaveClientModule,
  rotasClientModule,
  calendarClientModule,
  reportsClientModule,
  supportClientModule,
];
