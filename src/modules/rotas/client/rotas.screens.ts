// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';

export const ROTAS_SCREENS = {
  myShifts: { path: '/rotas/shifts', heading: 'My Rota Shifts' },
  management: { path: '/rotas/admin', heading: 'Rota Management' },
} as const satisfies Record<string, StaticScreen>;
