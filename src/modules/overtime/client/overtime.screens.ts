// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';

export const OVERTIME_SCREEN = { path: '/overtime', heading: 'Overtime' } as const satisfies StaticScreen;
