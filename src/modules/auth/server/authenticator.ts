// Turns a bearer token into the request's session: signature and expiry, then the session
// row (revocable at once), the user's departments and the role's current permissions.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withSystem, withTenant, type Trx } from '../../../server/db/database';
import type { Authenticator, Session, TokenReader } from '../../../server/plugins/request-context';
import { loginMessages, type LoginFailure, type TokenClaims } from '../auth.contract';
import { findLiveSession, findRolePermissions, findSigningKey } from './auth.queries';
import { tokenKeys, verifyAccessToken, type TokenKeys } from './tokens';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';

export type AuthDeps = Pick<AppDeps, 'config' | 'db'>;

const keysByDeps = new WeakMap<AuthDeps, Promise<TokenKeys>>();

export function signingKeys(deps: AuthDeps): Promise<TokenKeys> {
  let keys = keysByDeps.get(deps);
  if (!keys) {
    keys = (async () => {
      const secret = deps.config.jwtSecret ?? (await findSigningKey(deps.db));
      if (!secret) throw new Error('No token signing key: set JWT_SECRET or run the migrations.');
      return tokenKeys(secret);
    })();
    keysByDeps.set(deps, keys);
  }
  return keys;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

/** Runs `fn` in the scope the token names: its company, or the system scope for administrators. */
export function inTokenScope<T>(deps: AuthDeps, claims: Pick<TokenClaims, 'company_id'>, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return claims.company_id ? withTenant(deps.db, claims.company_id, fn) : withSystem(deps.db, fn);
}

/** What the token refresh and sign-in answer for a company not active (login.service's loginRefusal). */
function companyInactiveRefusal(): AppError {
  const failure: LoginFailure = { status: 'company_inactive', message: loginMessages.companyInactive, details: null };
  return new AppError('unauthenticated', { message: failure.message, payload: failure });
}

/** A role's permissions as last read, with their version. */
type RolePermissions = { version: number; list: Session['permissions'] };
/** By database, then by role (least recently used first): a company has a handful of roles. */
const rolePermissionsByDb = new WeakMap<AuthDeps['db'], Map<string, RolePermissions>>();
const MAX_ROLES = 500;
const NO_PERMISSIONS = Object.freeze([]) as unknown as Session['permissions'];

/**
 * The role's permissions at `version` or later, frozen and shared by every request of the role
 * until its entries change (the session says their version): levelFor indexes a frozen list
 * once (src/shared/scopes.ts), and the versioned read hashes it once, instead of for every
 * request; PostgreSQL builds the list only when its version is new to this server.
 */
async function permissionsOf(deps: AuthDeps, roleId: string | null, version: number): Promise<Session['permissions']> {
  if (!roleId) return NO_PERMISSIONS;
  let roles = rolePermissionsByDb.get(deps.db);
  if (!roles) rolePermissionsByDb.set(deps.db, (roles = new Map()));
  let known = roles.get(roleId);
  // A list read later than the session (by another request) holds what the session's version does, and more.
  if (!known || known.version < version) {
    const read = await findRolePermissions(deps.db, roleId);
    const entries = JSON.parse(read.json) as Session['permissions'];
    known = { version: read.version, list: Object.freeze(entries.map((entry) => Object.freeze(entry))) as Session['permissions'] };
    if (roles.size >= MAX_ROLES) roles.delete(roles.keys().next().value!);
  }
  roles.delete(roleId);
  roles.set(roleId, known);
  return known.list;
}

export async function loadSession(deps: AuthDeps, claims: TokenClaims): Promise<Session | null> {
  // A token id that is not a UUID was never issued here; asking PostgreSQL would only fail.
  if (!isUuid(claims.sid)) return null;
  const row = await findLiveSession(deps.db, { sessionId: claims.sid, idleSeconds: deps.config.sessions.idleSeconds });
  if (!row || row.user_id !== claims.user_id || row.status === 'terminated' || row.status === 'locked') return null;
  // A company put on hold or disabled stops at once, with the words its people get at sign-in
  // (loginMessages.companyInactive) and as a lost session (401), so the app leaves for the
  // sign-in page.
  const companyInactive = row.company_status !== null && row.company_status !== 'active';
  return {
    userId: row.user_id,
    companyId: row.company_id,
    departmentIds: row.department_ids,
    permissions: await permissionsOf(deps, row.role_id, row.permissions_version),
    sessionId: row.id,
    impersonatorId: row.impersonator_id,
    status: row.status,
    refusal: companyInactive ? companyInactiveRefusal() : null,
    dataVersion: row.data_version,
  };
}

/** Tokens whose signature has been checked, by the token (at most MAX_VERIFIED, oldest dropped first). */
const MAX_VERIFIED = 2_000;

export function createAuthenticator(deps: AuthDeps): Authenticator {
  // A token's signature is checked once: its later requests find its claims here while it has
  // not expired (the session behind it is still read from the database every time).
  const verified = new Map<string, TokenClaims>();
  return async (request) => {
    const token = bearerToken(request);
    if (!token) return null;
    let claims = verified.get(token) ?? null;
    if (claims && claims.exp * 1000 <= Date.now()) {
      verified.delete(token);
      claims = null;
    }
    if (!claims) {
      claims = await verifyAccessToken(await signingKeys(deps), token);
      if (claims) {
        if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
    }
    return claims ? loadSession(deps, claims) : null;
  };
}

/** The realtime socket's reading of a token: its user and session, and the session loaded on demand. */
export function createTokenReader(deps: AuthDeps): TokenReader {
  return async (token) => {
    const claims = await verifyAccessToken(await signingKeys(deps), token);
    return claims ? { userId: claims.user_id, sessionId: claims.sid, load: () => loadSession(deps, claims) } : null;
  };
}
