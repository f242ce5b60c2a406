// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';
import { TASK_AREA_TITLES, type TaskArea } from '../tasks.contract';

export const TASKS_SCREENS = {
  hr: { path: '/hr-tasks', heading: TASK_AREA_TITLES.hr },
  hs: { path: '/hs-tasks', heading: TASK_AREA_TITLES.hs },
} as const satisfies Record<TaskArea, StaticScreen>;
