// What the reports module gives the shell: the Reports menu entry, with the absence-reports permission.
import { IconChartBar } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds } from '../../../client/shell/menu/menu-context';
import { REPORTS_ENDPOINT, REPORTS_ROUTE } from '../../../shared/reports.contract';

export const reportsClientModule: ClientModule = {
  name: 'reports',
  menu: [
    {
      key: 'reports',
      title: 'Reports',
      icon: IconChartBar,
      kind: 'link',
      target: () => REPORTS_ROUTE,
      visible: (context) => holds(context, REPORTS_ENDPOINT),
    },
  ],
};
