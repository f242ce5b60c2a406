// Impersonation with the company's consent: administrators ask, owners decide, open grants
// let the administrator sign in as a company user through a one-time token, and ending a
// grant (by the owner, the administrator or the clock) ends those sessions.
//
// Administrators and the decisions that notify them cross companies, so they run in the
// system scope and filter by company or administrator themselves.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem, type Trx } from '../../../server/db/database';
import { generateLinkToken, hashLinkToken } from '../../../server/http/link-tokens';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { formatLondonDateTime } from '../../../shared/formats';
import type { Paging } from '../../../shared/list';
import type { Scope } from '../../../shared/scopes';
import {
  accessRequestMessages,
  IMPERSONATION_TOKEN_SECONDS,
  type AccessRequest,
  type AccessRequestStatus,
  type CreateAccessRequestInput,
  type ImpersonationInfo,
  type ImpersonationTokenInput,
  type ImpersonationSessionResponse,
  type ImpersonationTokenResponse,
} from '../access-requests.contract';
import * as queries from './access-requests.queries';
import { ACCESS_REQUEST_DECIDE } from './auth.todos';
import { findAccountByEmail, findDepartmentIds, findPermissions } from './auth.queries';
import type { IdentityDeps } from './identity-deps';
import { sessionResponse } from './session-response';

type Caller = { deps: IdentityDeps; session: Session; scope: Scope; source: AuditSource };

const isAdministrator = (caller: Pick<Caller, 'session' | 'scope'>) => caller.session.companyId === null && caller.scope === 'global';

function originOf(deps: IdentityDeps): string {
  return deps.config.publicOrigin ?? `http://localhost:${deps.config.port}`;
}

function audit(
  trx: Trx,
  caller: Caller,
  input: { action: string; companyId: string | null; id: string; details?: Record<string, unknown> },
) {
  return recordAudit(trx, {
    ...caller.source,
    actorId: caller.session.userId,
    impersonatorId: caller.session.impersonatorId,
    companyId: input.companyId,
    action: input.action,
    targetType: 'access_request',
    targetId: input.id,
    details: input.details ?? null,
  });
}

/** What the caller may see: an administrator the requests they made, a company's deciders their company's. */
function visibleTo(caller: Pick<Caller, 'session' | 'scope'>): { administratorId: string } | { companyId: string } {
  return isAdministrator(caller) ? { administratorId: caller.session.userId } : { companyId: requireCompany(caller.session) };
}

// Reads run in the system scope with that filter: a request names its administrator, a user
// of no company whom the company's own scope cannot see.
export function listAccessRequests(caller: Caller & { paging: Paging; statuses?: AccessRequestStatus[] }) {
  const { deps, paging } = caller;
  const page = { limit: paging.limit, offset: paging.offset, ...(caller.statuses ? { statuses: caller.statuses } : {}) };
  return withSystem(deps.db, (trx) => queries.findAccessRequests(trx, { ...page, ...visibleTo(caller) }));
}

export function getAccessRequestFor(caller: Caller & { id: string }): Promise<AccessRequest | undefined> {
  return withSystem(caller.deps.db, (trx) => queries.getAccessRequest(trx, { id: caller.id, ...visibleTo(caller) }));
}

function requireAdministrator(caller: Pick<Caller, 'session' | 'scope'>): void {
  if (!isAdministrator(caller)) throw AppError.forbidden();
}

export async function requestAccess(caller: Caller & { input: CreateAccessRequestInput }): Promise<AccessRequest> {
  requireAdministrator(caller);
  const { deps, session, input } = caller;
  const created = await withSystem(deps.db, async (trx) => {
    const companyName = await queries.findCompanyName(trx, input.company_id);
    if (!companyName) throw AppError.validation({ company_id: ['This company does not exist.'] });
    const id = await queries.createAccessRequest(trx, {
      companyId: input.company_id,
      administratorId: session.userId,
      reason: input.reason,
      durationHours: input.duration_hours,
    });
    await audit(trx, caller, {
      action: 'access_request.created',
      companyId: input.company_id,
      id,
      details: { hours: input.duration_hours },
    });
    const request = await queries.getAccessRequest(trx, { id });
    if (!request) throw new Error('access request vanished');
    const link = new URL(`/settings/user-settings/access-requests?request_id=${id}`, originOf(deps)).toString();
    for (const decider of await queries.findAccessDeciders(trx, input.company_id)) {
      await notify(trx, {
        companyId: input.company_id,
        userId: decider.id,
        description: `<b>${escapeHtml(request.administrator_name)}</b> from Stafflane support asks for access to your company for ${input.duration_hours} hours: ${escapeHtml(input.reason)}`,
        relatesTo: 'impersonation',
        relatesToId: id,
        todo: true,
        kind: ACCESS_REQUEST_DECIDE.kind,
        email: {
          subject: 'Stafflane support asks for access to your account',
          text: `${request.administrator_name} from Stafflane support asks for access to ${companyName} for ${input.duration_hours} hours.\n\nReason: ${input.reason}\n\nApprove or decline the request here: ${link}\n\nSupport can see and do what the person they sign in as can, and everything they do is recorded in your audit log.`,
        },
      });
    }
    return request;
  });
  deps.mail.wake(); // after the commit: the owners' e-mails are in the outbox now
  return created;
}

export async function decideAccess(caller: Caller & { id: string; approve: boolean }): Promise<AccessRequest> {
  const { deps, session, id, approve } = caller;
  // The company decides, never an administrator, and never an administrator signed in as an owner.
  if (session.impersonatorId) throw AppError.forbidden(accessRequestMessages.decidedByCompany);
  const companyId = requireCompany(session);
  return withSystem(deps.db, async (trx) => {
    const current = await queries.getAccessRequest(trx, { id, companyId });
    if (!current) throw AppError.notFound();
    if (!(await queries.decideAccessRequest(trx, { id, companyId, decidedBy: session.userId, approve }))) {
      throw new AppError('conflict', { message: accessRequestMessages.alreadyDecided });
    }
    await audit(trx, caller, { action: approve ? 'access_request.approved' : 'access_request.declined', companyId, id });
    // Every owner's "approve or decline" ends with the one decision.
    await resolveTodos(trx, { companyId, kind: ACCESS_REQUEST_DECIDE.kind, subject: todoSubject('impersonation', id) });
    const decided = await queries.getAccessRequest(trx, { id, companyId });
    if (!decided) throw new Error('access request vanished');
    await notify(trx, {
      companyId: null,
      userId: decided.administrator_id,
      description: approve
        ? `<b>${escapeHtml(decided.company_name)}</b> approved your access request until ${formatLondonDateTime(new Date(decided.ends_at ?? Date.now()))}.`
        : `<b>${escapeHtml(decided.company_name)}</b> declined your access request.`,
      relatesTo: 'impersonation',
      relatesToId: id,
    });
    return decided;
  });
}

/** The owner (company scope) or the administrator who asked ends an open grant now. */
export async function endAccess(caller: Caller & { id: string }): Promise<AccessRequest> {
  const { deps, session, id } = caller;
  const filter = { id, ...visibleTo(caller) };
  return withSystem(deps.db, async (trx) => {
    const current = await queries.getAccessRequest(trx, filter);
    if (!current) throw AppError.notFound();
    if (!(await queries.endAccessRequest(trx, { id, endedBy: session.userId }))) {
      throw new AppError('conflict', { message: accessRequestMessages.notOpen });
    }
    await audit(trx, caller, { action: 'access_request.ended', companyId: current.company_id, id });
    const ended = await queries.getAccessRequest(trx, filter);
    if (!ended) throw new Error('access request vanished');
    return ended;
  });
}

async function openGrant(trx: Trx, caller: Caller, id: string): Promise<AccessRequest> {
  const request = await queries.getAccessRequest(trx, { id, administratorId: caller.session.userId });
  if (!request) throw AppError.notFound();
  if (!request.open) throw new AppError('conflict', { message: accessRequestMessages.notOpen });
  return request;
}

/** Whom the administrator may sign in as under an open grant. */
export async function usersForGrant(caller: Caller & { id: string }) {
  requireAdministrator(caller);
  return withSystem(caller.deps.db, async (trx) => {
    const request = await openGrant(trx, caller, caller.id);
    return queries.findImpersonableUsers(trx, request.company_id);
  });
}

export async function issueImpersonationToken(caller: Caller & { input: ImpersonationTokenInput }): Promise<ImpersonationTokenResponse> {
  requireAdministrator(caller);
  const { deps, input } = caller;
  return withSystem(deps.db, async (trx) => {
    const request = await openGrant(trx, caller, input.access_request_id);
    const [user] = await queries.findImpersonableUsers(trx, request.company_id, input.user_id);
    if (!user) throw AppError.validation({ user_id: [accessRequestMessages.userNotAvailable] });
    const { token, tokenHash } = generateLinkToken();
    await queries.createImpersonationToken(trx, {
      tokenHash,
      accessRequestId: request.id,
      userId: user.id,
      seconds: IMPERSONATION_TOKEN_SECONDS,
    });
    await audit(trx, caller, {
      action: 'impersonation.token_issued',
      companyId: request.company_id,
      id: request.id,
      details: { user_id: user.id },
    });
    return { token, expires_in: IMPERSONATION_TOKEN_SECONDS };
  });
}

/** POST /api/token: a one-time token for a session as the user, flagged `imp`, that ends with its grant. */
export async function exchangeImpersonationToken(options: {
  deps: IdentityDeps;
  token: string;
  source: AuditSource;
}): Promise<ImpersonationSessionResponse> {
  const { deps, source } = options;
  const opened = await withSystem(deps.db, async (trx) => {
    const consumed = await queries.consumeImpersonationToken(trx, hashLinkToken(options.token));
    if (!consumed) return null;
    const email = await queries.findUserEmail(trx, consumed.user_id);
    const account = email ? await findAccountByEmail(trx, email) : undefined;
    if (!account || account.status !== 'active' || account.company_id !== consumed.company_id) return null;
    const sessionId = await queries.createImpersonationSession(trx, {
      userId: account.id,
      companyId: consumed.company_id,
      impersonatorId: consumed.administrator_id,
      accessRequestId: consumed.access_request_id,
      maxSeconds: deps.config.sessions.maxSeconds,
    });
    await recordAudit(trx, {
      ...source,
      actorId: account.id,
      impersonatorId: consumed.administrator_id,
      companyId: consumed.company_id,
      action: 'impersonation.started',
      targetType: 'session',
      targetId: sessionId,
      details: { access_request_id: consumed.access_request_id },
    });
    return {
      account,
      sessionId,
      departmentIds: await findDepartmentIds(trx, account),
      permissions: await findPermissions(trx, account.role_id),
    };
  });
  if (!opened) throw AppError.validation({ token: [accessRequestMessages.tokenInvalid] }, accessRequestMessages.tokenInvalid);
  return { ...(await sessionResponse({ deps, ...opened, imp: true })), email: opened.account.email };
}

/** Whose account an impersonated session is in and who is acting; 404 for any other session. */
export async function getImpersonation(caller: { deps: IdentityDeps; session: Session }): Promise<ImpersonationInfo> {
  if (!caller.session.impersonatorId) throw AppError.notFound();
  const row = await withSystem(caller.deps.db, (trx) => queries.findImpersonation(trx, { sessionId: caller.session.sessionId }));
  if (!row) throw AppError.notFound();
  return { user_name: row.user_name, administrator_name: row.administrator_name, ends_at: row.ends_at.toISOString() };
}
