// The headings index.html paints before the app arrives (src/client/shell/static-screen.ts); the pages draw the same.
import type { StaticScreen } from '../../../client/shell/static-screen';
import { AREA_TITLES, type DocumentArea } from '../documents.contract';

export const DOCUMENTS_SCREENS = {
  hr: { path: '/hr-documents/documents', heading: AREA_TITLES.hr },
  hs: { path: '/hs-documents/documents', heading: AREA_TITLES.hs },
} as const satisfies Record<DocumentArea, StaticScreen>;
