// What the tasks module gives the shell: the HR Tasks and H&S Tasks menu entries (badged with my
// tasks due today or overdue) and the "My overdue and due this week" dashboard card.
import { IconChecklist, IconShieldCheck } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds, pendingCount } from '../../../client/shell/menu/menu-context';
import { TASK_ENDPOINTS } from '../tasks.contract';
import { myTasksReads, MyTasksWidget } from './my-tasks-widget';

export const tasksClientModule: ClientModule = {
  name: 'tasks',
  menu: [
    {
      key: 'hr-tasks',
      title: 'HR Tasks',
      icon: IconChecklist,
      kind: 'link',
      needs: ['pending'],
      target: () => '/hr-tasks',
      visible: (context) => holds(context, TASK_ENDPOINTS.hr),
      badge: (context) => pendingCount(context, 'hr_task'),
    },
    {
      key: 'hs-tasks',
      title: 'H&S Tasks',
      icon: IconShieldCheck,
      kind: 'link',
      needs: ['pending'],
      target: () => '/hs-tasks',
      visible: (context) => holds(context, TASK_ENDPOINTS.hs),
      badge: (context) => pendingCount(context, 'hs_task'),
    },
  ],
  widgets: [{ key: 'tasks-mine', order: 20, component: MyTasksWidget, reads: myTasksReads }],
};
