// The tasks module's registration: HR and H&S tasks (one code path, an area each), their
// reminders job, the two pending counts, their reports and calendar entries, and the demo
// company's tasks.
import type { ServerModule } from '../../../server/server-module';
import type { PendingCounter } from '../../../server/pending-count/pending-count.registry';
import type { TaskArea } from '../tasks.contract';
import { seedTasksDemo } from './tasks-demo';
import { taskCalendarSources, taskReports } from './tasks-report';
import { tasksGrants } from './tasks.grants';
import { taskJobs } from './tasks.jobs';
import { countMyDueTasks } from './tasks-report.queries';
import { tasksRoutes } from './tasks.routes';
import { londonNow } from './tasks.service';
import { tasksPersonalData } from './tasks.personal-data';
import { tasksTodos } from './tasks.todos';

/** The caller's open tasks of the area due today or overdue. */
const countDue =
  (area: TaskArea): PendingCounter =>
  ({ trx, session }) =>
    session.companyId
      ? countMyDueTasks(trx, { companyId: session.companyId, userId: session.userId, area, today: londonNow().today })
      : Promise.resolve(0);

export const tasksModule: ServerModule = {
  name: 'tasks',
  personalData: tasksPersonalData,
  todos: tasksTodos,
  routes: tasksRoutes,
  grants: tasksGrants,
  jobs: taskJobs(),
  counters: { hr_task: countDue('hr'), hs_task: countDue('hs') },
  reports: taskReports,
  calendar: taskCalendarSources,
  demo: (trx, company) => seedTasksDemo(trx, company),
};
