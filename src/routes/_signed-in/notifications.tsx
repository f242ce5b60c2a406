import { createFileRoute, redirect } from '@tanstack/react-router';
import { startQuery } from '../../client/api/start-query';
import { getToken } from '../../client/auth/token-store';
import { readTokenClaims } from '../../client/auth/token-claims';
import { NotificationsPage } from '../../client/shell/notifications/notifications-page';
import { notificationsQueryOptions } from '../../client/shell/notifications/notifications.api';
import { ONBOARDING_STATUSES } from '../../modules/auth/auth.contract';

// Outside the company-only routes: administrators have notifications too (access requests
// decided), and docs-only users reach theirs from the bell without leaving restricted mode.
export const Route = createFileRoute('/_signed-in/notifications')({
  beforeLoad: () => {
    const claims = readTokenClaims(getToken());
    if (claims?.company_id && claims.status && ONBOARDING_STATUSES.includes(claims.status)) throw redirect({ to: '/welcome' });
  },
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return Number.isSafeInteger(page) && page > 1 ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => startQuery(context.queryClient, notificationsQueryOptions(deps.page)),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NotificationsPage page={page} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
