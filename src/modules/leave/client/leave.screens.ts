// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';

export const LEAVE_SCREENS = {
  list: { path: '/leave-and-absences/list', heading: 'Leave & Absences' },
  timeline: { path: '/leave-and-absences/timeline', heading: 'Leave & Absences' },
  request: {
    path: '/leave-and-absences/request',
    heading: 'Request leave',
    lede: 'Book time off, or choose Sickness to report that you are off sick.',
  },
} as const satisfies Record<string, StaticScreen>;
