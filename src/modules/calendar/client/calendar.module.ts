// What the calendar module gives the shell: the Calendar menu entry, for every company user.
import { IconCalendar } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { CALENDAR_ROUTE } from '../../../shared/calendar.contract';

export const calendarClientModule: ClientModule = {
  name: 'calendar',
  menu: [{ key: 'calendar', title: 'Calendar', icon: IconCalendar, kind: 'link', target: () => CALENDAR_ROUTE }],
};
