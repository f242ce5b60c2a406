// Stafflane's administrators are invited and removed one way, whoever asks: another
// administrator through /api/administrators, or the operator at the server's command line
// (`npm run admin`, which has no user: its audit entries have no actor and say so).
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, type AuditCaller, type AuditFacts } from '../../../server/audit/audit-entry';
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem, type Trx } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { identityOf } from '../../../server/module-hooks';
import { roleTemplates } from '../../../server/roles';
import { announceAdministratorAdded, announceAdministratorRemoved } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { InviteAdministratorInputSchema, type Administrator } from '../administrators.contract';
import { administratorRemovalRefusal } from '../companies.policy';
import { findAdministratorRoleId, findAdministrators, removeAdministrator } from './administrators.queries';
import { emailTaken } from './companies.queries';

/** The operator at the server's command line: no user, and the audit log says where it came from. */
export const COMMAND_LINE = 'command-line' as const;
export const COMMAND_LINE_SOURCE: AuditSource = { ip: null, userAgent: 'npm run admin (server command line)' };

/** Who acts: a signed-in administrator, or the command line. */
export type AdministratorActor = AuditCaller | typeof COMMAND_LINE;

type AdministratorDeps = Pick<AppDeps, 'config' | 'db' | 'modules'> & { mail: Pick<MailDispatcher, 'wake'> };

const actorIdOf = (actor: AdministratorActor) => (actor === COMMAND_LINE ? null : actor.session.userId);

export function auditAdministratorActor(trx: Trx, actor: AdministratorActor, facts: AuditFacts): Promise<void> {
  if (actor !== COMMAND_LINE) return auditCaller(trx, actor, facts);
  return recordAudit(trx, { ...COMMAND_LINE_SOURCE, actorId: null, ...facts, details: { ...facts.details, via: COMMAND_LINE } });
}

/**
 * A new administrator, invited: the account (pending), the modules told (chat's support team),
 * the audit entry, then the identity module's invitation (e-mail and link). A database with no
 * administrators' role yet (no demo seed) gets it from the modules' grants, as the seed makes it.
 * An address already in use is a 422 on `email`.
 */
export async function inviteAdministrator(options: {
  deps: AdministratorDeps;
  actor: AdministratorActor;
  input: unknown;
}): Promise<{ administrator: Administrator; link: string }> {
  const { deps, actor } = options;
  const input = parseInput(InviteAdministratorInputSchema, options.input);
  const email = input.email.toLowerCase();
  const identity = identityOf(deps.modules);
  const id = await withSystem(deps.db, async (trx) => {
    if (await emailTaken(trx, email)) throw AppError.validation({ email: ['This e-mail address is already in use.'] });
    const roleId =
      (await findAdministratorRoleId(trx)) ??
      (await identity.createRole(trx, { companyId: null, template: roleTemplates(deps.modules).administrator }));
    const userId = await identity.createAccount(trx, {
      companyId: null,
      email,
      firstName: input.first_name,
      surname: input.surname,
      passwordHash: null,
      status: 'pending',
      roleId,
    });
    await announceAdministratorAdded(deps.modules, trx, { userId, actorId: actorIdOf(actor) });
    await auditAdministratorActor(trx, actor, {
      companyId: null,
      action: 'administrator.invited',
      targetType: 'user',
      targetId: userId,
      details: { email },
    });
    return userId;
  });
  const { link } = await identity.invite({
    deps,
    companyId: null,
    userId: id,
    invitedBy:
      actor === COMMAND_LINE
        ? null
        : { userId: actor.session.userId, companyId: null, departmentIds: [], impersonatorId: null, scope: 'global' },
    source: actor === COMMAND_LINE ? COMMAND_LINE_SOURCE : actor.source,
  });
  const administrator = (await withSystem(deps.db, findAdministrators)).find((found) => found.id === id);
  if (!administrator) throw AppError.notFound();
  return { administrator, link };
}

/**
 * Ends an administrator's account and sessions — never the caller's own, never the last
 * active one. The modules hear of it first, while the administrator is still active: a team
 * that would be left with nobody to answer it refuses the removal (409), and it all rolls back.
 */
export async function deleteAdministrator(options: {
  deps: Pick<AppDeps, 'db' | 'modules'>;
  actor: AdministratorActor;
  id: string;
}): Promise<void> {
  const { deps, actor, id } = options;
  await withSystem(deps.db, async (trx) => {
    const administrators = await findAdministrators(trx);
    const target = administrators.find((administrator) => administrator.id === id);
    if (!target) throw AppError.notFound();
    const active = administrators.filter((administrator) => administrator.status === 'active').length;
    const refusal = administratorRemovalRefusal({
      actorId: actorIdOf(actor),
      targetId: id,
      administrators: target.status === 'active' ? active : active + 1,
    });
    if (refusal) throw new AppError('conflict', { message: refusal });
    await announceAdministratorRemoved(deps.modules, trx, { userId: id, actorId: actorIdOf(actor) });
    await removeAdministrator(trx, id);
    await auditAdministratorActor(trx, actor, {
      companyId: null,
      action: 'administrator.removed',
      targetType: 'user',
      targetId: id,
      details: { email: target.email },
    });
  });
}
