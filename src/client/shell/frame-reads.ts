// The company frame's data, started with the page's: the menus' (company settings, overtime
// settings, the pending counts), the bell's, the version line's and every module's banners and
// top-bar tools that name their reads (FrameReads) go out as one request (GET /api/batch) as the
// frame's route loads, instead of each part asking as it mounts. They land together, so the frame
// is drawn again once for them rather than once per answer (three drawings of the whole frame for
// the menus' three reads alone), and a phone makes one request where it made six.
import type { QueryClient } from '@tanstack/react-query';
import { queryRead, startReadsTogether, type QueryRead } from '../api/read-batch';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import type { ClientModule } from './client-module';
import { menuContextReads } from './menu/use-menu-context';
import { bellNotificationsQueryOptions } from './notifications/notifications.api';
import { versionQueryOptions } from './version.api';

/** Every read the company frame makes as it is first drawn, for this session. */
function frameReads(modules: readonly ClientModule[]): QueryRead[] {
  const parts = modules.flatMap((module) => [...(module.banners ?? []), ...(module.tools ?? [])]);
  return [
    ...menuContextReads(readTokenClaims(getToken()), modules),
    queryRead(bellNotificationsQueryOptions()),
    queryRead(versionQueryOptions()),
    ...parts.flatMap((part) => part.reads?.() ?? []),
  ];
}

/** Starts the frame's reads (those whose data is not fresh) as one request. Never waits and never throws. */
export function startFrameReads(queryClient: QueryClient, modules: readonly ClientModule[]): void {
  startReadsTogether(queryClient, frameReads(modules));
}
