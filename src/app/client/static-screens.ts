// The screens whose heading index.html paints before the app's scripts arrive (see
// src/client/shell/static-screen.ts): the build writes this list into the page (vite.config.ts).
// Data only, no component: the build reads it. The dashboard (/) is public/boot.js's own.
import type { StaticScreen } from '../../client/shell/static-screen';
import { CALENDAR_SCREEN } from '../../modules/calendar/client/calendar.screens';
import { DOCUMENTS_SCREENS } from '../../modules/documents/client/documents.screens';
import { EMPLOYEES_SCREEN } from '../../modules/employees/client/employees.screens';
import { EXPENSES_SCREEN } from '../../modules/expenses/client/expenses.screens';
import { INCIDENTS_SCREEN } from '../../modules/incidents/client/incidents.screens';
import { LEAVE_SCREENS } from '../../modules/leave/client/leave.screens';
import { NOTICES_SCREEN } from '../../modules/notices/client/notices.screens';
import { OVERTIME_SCREEN } from '../../modules/overtime/client/overtime.screens';
import { ROTAS_SCREENS } from '../../modules/rotas/client/rotas.screens';
import { TASKS_SCREENS } from '../../modules/tasks/client/tasks.screens';

export const STATIC_SCREENS: readonly StaticScreen[] = [
  EMPLOYEES_SCREEN,
  ...Object.values(LEAVE_SCREENS),
  OVERTIME_SCREEN,
  EXPENSES_SCREEN,
  ...Object.values(ROTAS_SCREENS),
  CALENDAR_SCREEN,
  ...Object.values(TASKS_SCREENS),
  ...Object.values(DOCUMENTS_SCREENS),
  INCIDENTS_SCREEN,
  NOTICES_SCREEN,
];
