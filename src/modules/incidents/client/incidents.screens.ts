// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';

export const INCIDENTS_SCREEN = { path: '/incident-logs', heading: 'Incident Logs' } as const satisfies StaticScreen;
