import { createFileRoute } from '@tanstack/react-router';
import { clientModules } from '../../app/client/modules';
import { startFrameReads } from '../../client/shell/frame-reads';
import { requireCompanyUser } from '../../modules/auth/client/session-guards';

// The pages of a company's users: administrators go to /admin, users whose
// onboarding is not finished to /welcome, docs-only sessions to their documents areas.
// The frame's first reads start with the page's, as one request; once a session (the frame
// keeps its data fresh itself after that: realtime, the catch-up, its own refetches).
export const Route = createFileRoute('/_signed-in/_company')({
  beforeLoad: ({ location }) => requireCompanyUser(location.pathname),
  loader: ({ context }) => startFrameReads(context.queryClient, clientModules),
  shouldReload: false,
});
