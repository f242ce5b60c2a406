import { createFileRoute } from '@tanstack/react-router';
import { getToken } from '../client/auth/token-store';
import { NotFoundContent, NotFoundPage } from '../client/shell/not-found-page';
import { SignedInFrame } from '../app/client/signed-in-frame';
import { checkUnknownPage } from '../modules/auth/client/session-guards';

// Any address no other route has. Signed in: "Page not found" inside the menu and top bar (a
// docs-only user is sent to their documents area first). Signed out: a page of its own.
export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => checkUnknownPage(location.pathname),
  component: () => (getToken() ? <SignedInFrame page={<NotFoundContent />} /> : <NotFoundPage />),
});
