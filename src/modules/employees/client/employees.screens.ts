// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';
import { USER_BASIC_ENDPOINT } from '../directory.contract';

/** The directory: its route's guard asks for what `needs` names. */
export const EMPLOYEES_SCREEN = {
  path: '/employees',
  heading: 'Employees',
  needs: { endpoint: USER_BASIC_ENDPOINT, method: 'GET' },
} as const satisfies StaticScreen;
