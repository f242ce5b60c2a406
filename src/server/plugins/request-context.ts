// Who is asking, decided once per request before any route runs. The identity module
// supplies the authenticator; without one every request is anonymous.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ONBOARDING_STATUSES } from '../../shared/session.contract';
import { AppError } from '../../shared/app-error';
import type { PermissionEntry, PermissionRequirement, Scope } from '../../shared/scopes';
import { levelFor, scopeRank } from '../../shared/scopes';

export type Session = {
  userId: string;
  companyId: string | null;
  departmentIds: string[];
  permissions: PermissionEntry[];
  sessionId: string;
  impersonatorId: string | null;
  /** The user's status now (not when the token was signed): pending and invited are onboarding. */
  status: string;
  /**
   * Why this live session may do nothing now (its company put on hold or disabled): every
   * signed-in route answers with it at once, however long the token still runs.
   */
  refusal?: AppError | null;
  /**
   * The company's data version (versioned-read.ts, readDataVersion's form) as read with the
   * session, when the authenticator read it: versioned reads then need no statement of their own.
   */
  dataVersion?: string;
};

export const finishOnboardingMessage = 'Please finish setting up your account first.';

/** The session of a request's bearer token, or null (none, not valid, or ended). */
export type Authenticator = (request: FastifyRequest) => Promise<Session | null>;

/** An access token read: whose it is, its session, and that session as it is now (null once ended). */
export type TokenSession = { userId: string; sessionId: string; load: () => Promise<Session | null> };

/** Reads an access token as the realtime socket receives it; null when the token is not valid. */
export type TokenReader = (token: string) => Promise<TokenSession | null>;

/** What every route under /api declares: who may call it. */
export type RouteAccess = 'public' | 'authenticated' | PermissionRequirement;

export type ApiRoute = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, in the order they were added. */
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyRequest {
    session: Session | null;
    /** The caller's level for the route's declared permission, once checked. */
    scope: Scope | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false for a POST that only reads (a batch download): its answers are never stored. */
    idempotency?: false;
    /** true for the few signed-in routes a user still onboarding may call (welcome, logout). */
    onboarding?: true;
  }
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('unauthenticated');
  return request.session;
}

/**
 * The company a request about a company's own data (people, leave, lists, settings) works in:
 * always the caller's. A session of no company (an administrator) gets there only as an
 * impersonated session under an approved access request, which carries that company.
 */
export function requireCompany(session: Session, refusal: Refusal = 'forbidden'): string {
  if (!session.companyId) throw refuse(refusal);
  return session.companyId;
}

/** How an API refuses: 403, or 404 where another company's records do not exist for the caller. */
export type Refusal = 'forbidden' | 'not_found';
const refuse = (refusal: Refusal) => (refusal === 'forbidden' ? AppError.forbidden() : AppError.notFound());

/**
 * The caller's company (requireCompany), which a company the request names (a path, a query
 * or a body's company_id) must be: whatever a request names, it works in the caller's own.
 */
export function requireOwnCompany(session: Session, named: string | undefined, refusal: Refusal = 'forbidden'): string {
  const companyId = requireCompany(session);
  if (named !== undefined && named !== companyId) throw refuse(refusal);
  return companyId;
}

export function registerRequestContext(app: FastifyInstance, authenticate: Authenticator | undefined): void {
  app.decorateRequest('session', null);
  app.decorateRequest('scope', null);

  // Fails start-up when an API route forgets to say who may call it, and lists the rest
  // (the permission matrix test walks this list).
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access (config.access).`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return; // not an API route (static files, the app shell)
    if (authenticate) request.session = await authenticate(request);
    if (access === 'public') return;
    const session = requireSession(request);
    if (session.refusal) throw session.refusal;
    // Checked before any permission: an invited user's role may hold many, but until the
    // password is set and the terms accepted the account does nothing else.
    if (ONBOARDING_STATUSES.includes(session.status) && request.routeOptions.config.onboarding !== true) {
      throw AppError.forbidden(finishOnboardingMessage);
    }
    if (access === 'authenticated') return;
    const level = levelFor(session.permissions, access.endpoint, access.method);
    if (level === null || scopeRank(level) < scopeRank(access.scope ?? 'own')) throw new AppError('forbidden');
    request.scope = level;
  });
}
