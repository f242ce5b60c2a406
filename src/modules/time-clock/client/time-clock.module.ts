// What the time clock gives the shell: the "Time clock" card on the dashboard and on My Rota
// Shifts (for someone who clocks their own time, while a shift is due or they are clocked in),
// the "In now" card on the dashboard (who is clocked in, for those who read timesheets) and the
// Timesheets menu entry (department scope or wider), and the kiosk PIN section of My settings.
import { IconClockCheck } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { hasPermission } from '../../../shared/scopes';
import { TIME_CLOCK_ROUTES, TIMESHEETS_ENDPOINT } from '../time-clock.contract';
import { ClockCard, clockCardReads } from './clock-card';
import { InNowCard, inNowReads } from './in-now-card';
import { KioskPinSection } from './kiosk-pin-section';

export const timeClockClientModule: ClientModule = {
  name: 'time-clock',
  menu: [
    {
      key: 'timesheets',
      title: 'Timesheets',
      icon: IconClockCheck,
      kind: 'link',
      target: () => TIME_CLOCK_ROUTES.timesheets,
      visible: (context) => hasPermission(context.permissions, { endpoint: TIMESHEETS_ENDPOINT, method: 'GET', scope: 'department' }),
    },
  ],
  widgets: [
    { key: 'time-clock', order: 12, component: ClockCard, reads: clockCardReads },
    { key: 'in-now', order: 49, component: InNowCard, reads: inNowReads },
  ],
  rotaCards: [{ key: 'time-clock', component: ClockCard }],
  userSettings: [{ key: 'kiosk-pin', title: 'Kiosk PIN', component: KioskPinSection }],
};
