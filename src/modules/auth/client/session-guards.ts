// The redirects, for the routes' beforeLoad: no session → /login; no company
// (an administrator) → /admin; onboarding not finished → /welcome; a docs-only session →
// the documents areas its company has. The pure rule is restrictedModeRedirect.
import { redirect } from '@tanstack/react-router';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { ONBOARDING_STATUSES } from '../auth.contract';
import { clearSession, homePathFor, readSessionFlags, type SessionFlags } from '../../../client/auth/session-store';

export const HR_DOCUMENTS_HOME = '/hr-documents';
export const HS_DOCUMENTS_HOME = '/hs-documents/misc_docs';

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Where a docs-only session must go from `pathname`, or null to stay. User settings always
 * stays. Only HR documents: the HR documents pages. Only H&S documents: the H&S documents
 * pages. Both (or, read generously, neither flag): the dashboard, HR and H&S documents and
 * expert articles.
 */
export function restrictedModeRedirect(pathname: string, flags: SessionFlags): string | null {
  if (!flags.docsOnly) return null;
  // User settings stays open in restricted mode (the page itself asks for its permission).
  if (under(pathname, '/settings/user-settings')) return null;
  // A document's own page (/document/{id}, where its notifications lead) belongs to either area.
  const hr = under(pathname, '/hr-documents') || under(pathname, '/document');
  const hs = under(pathname, '/hs-documents') || under(pathname, '/document');
  if (flags.hrClient && !flags.hsClient) return hr ? null : HR_DOCUMENTS_HOME;
  if (flags.hsClient && !flags.hrClient) return hs ? null : HS_DOCUMENTS_HOME;
  // Docs-only means the dashboard and the documents only: the dashboard is theirs when both
  // areas are, and so are the expert articles.
  return pathname === '/' || hr || hs || under(pathname, '/expert-articles-and-insights') ? null : HR_DOCUMENTS_HOME;
}

/** Any page that needs a session. */
export function requireSession(): void {
  if (!getToken()) throw redirect({ to: '/login' });
}

/** Pages of a company's users: administrators go to /admin, unfinished onboarding to /welcome. */
export function requireCompanyUser(pathname: string): void {
  const claims = readTokenClaims(getToken());
  if (!claims) {
    // A token nobody can read is no session.
    clearSession();
    throw redirect({ to: '/login' });
  }
  if (!claims.company_id) throw redirect({ to: '/admin' });
  if (claims.status && ONBOARDING_STATUSES.includes(claims.status)) throw redirect({ to: '/welcome' });
  const target = restrictedModeRedirect(pathname, readSessionFlags());
  if (target) throw redirect({ href: target });
}

/**
 * An address no route has, signed in: a company user's session is checked as on any company
 * page first (a docs-only user is sent to their documents area), then "Page not found"
 * shows inside the signed-in frame.
 */
export function checkUnknownPage(pathname: string): void {
  if (readTokenClaims(getToken())?.company_id) requireCompanyUser(pathname);
}

/** The administration area: company users have their own home. */
export function requireAdministrator(): void {
  const claims = readTokenClaims(getToken());
  if (claims?.company_id) throw redirect({ to: '/' });
}

/** /login for someone already signed in: their home instead. */
export function redirectSignedIn(): void {
  const token = getToken();
  if (token) throw redirect({ to: homePathFor(readTokenClaims(token)) });
}
