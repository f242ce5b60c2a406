// The leave module's registration: leave types, policies, balances, requests and approvals,
// sickness and return to work; the two pending counts; the demo's absences.
import type { ServerModule } from '../../../server/server-module';
import { leaveGrants } from './leave.grants';
import { leavePayroll, timeOffInLieuLedger } from './leave-hooks';
import { hoursWorkedLedger } from './hours-worked-ledger';
import { leaveJobs } from './leave.jobs';
import { countAbsencesAwaitingMe } from './absences.routes';
import { leaveRoutes } from './leave.routes';
import { assignDefaultPolicy } from './periods';
import { reProRateForPattern } from './regrant';
import { sickPayReport } from './sick-pay-report';
import { seedLeaveDemo } from './leave-demo';
import { leavePolicyReviewed } from './settings.queries';
import { countReturnToWorkWaiting } from './return-to-work.service';
import { leavePersonalData } from './leave.personal-data';
import { importLeave } from './imported-leave';
import { leaveTodos } from './leave.todos';
import { leaveDaysOff } from './days-off.queries';

export const leaveModule: ServerModule = {
  name: 'leave',
  personalData: leavePersonalData,
  todos: leaveTodos,
  routes: leaveRoutes,
  grants: leaveGrants,
  timeOffInLieu: timeOffInLieuLedger,
  leaveImport: { importLeave },
  hoursWorked: hoursWorkedLedger,
  payroll: leavePayroll,
  reports: [sickPayReport],
  daysOff: leaveDaysOff,
  jobs: leaveJobs,
  counters: { user_absence: countAbsencesAwaitingMe, user_absence_rtw: countReturnToWorkWaiting },
  onPersonAdded: (trx, person) => assignDefaultPolicy(trx, person),
  onWorkingPatternChanged: (trx, change) => reProRateForPattern(trx, change),
  firstRunSteps: { leave_policy: leavePolicyReviewed },
  demo: (trx, company) =>
    seedLeaveDemo(trx, { companyId: company.companyId, departments: company.departments, accounts: { ...company.accounts } }),
};
