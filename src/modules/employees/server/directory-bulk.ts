// POST /api/user-basic/bulk: tags, department and invitations for many people at once, all or
// nothing. Every person must be the company's and within the caller's PUT scope; one who is
// not refuses the whole action before anything changes.
import type * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { callerAuditEntry, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { companyChannel } from '../../../shared/realtime';
import { scopeReachesForWrite, type Scope } from '../../../shared/scopes';
import { DIRECTORY_INVALIDATES, type DirectoryBulkResult, type DirectoryBulkSchema } from '../directory.contract';
import { actorOf } from '../../../server/http/person-access';
import { findPersonSubjects, type PersonSubject } from '../../../server/http/person-subject.queries';
import { inviteEmployee } from './directory-invite';
import { recordAuditEntries } from '../../../server/audit/audit.queries';
import { addUserTags, countOwned, removeUserTags } from './directory-writes.queries';
import { moveToDepartment } from './people-scope.queries';

type BulkInput = v.InferOutput<typeof DirectoryBulkSchema>;
type Context = { deps: Pick<AppDeps, 'config' | 'db' | 'mail' | 'modules'>; caller: AuditCaller; scope: Scope; companyId: string };

/** Everyone named, found in the company and within reach, or the refusal that names the problem. */
async function reachablePeople(trx: Trx, context: Context, userIds: readonly string[]): Promise<PersonSubject[]> {
  const subjects = await findPersonSubjects(trx, { companyId: context.companyId, userIds });
  const missing = userIds.length - subjects.length;
  if (missing > 0) {
    throw AppError.validation({
      user_ids: [missing === 1 ? 'One of the employees was not found.' : `${missing} of the employees were not found.`],
    });
  }
  const actor = actorOf(context.caller.session);
  const outside = subjects.find((subject) => !scopeReachesForWrite(context.scope, actor, subject));
  if (outside) throw AppError.forbidden(`You are not allowed to change ${outside.name}.`);
  return subjects;
}

async function requireOwned(trx: Trx, companyId: string, table: 'user_tags' | 'departments', ids: readonly string[], field: string) {
  if ((await countOwned(trx, { table, companyId, ids })) !== new Set(ids).size) throw AppError.validation({ [field]: ['Unknown item.'] });
}

/** Invitations cannot share the transaction (each is the identity module's own); every person is checked first. */
async function inviteAll(context: Context, userIds: readonly string[]): Promise<DirectoryBulkResult> {
  const { deps, caller, scope, companyId } = context;
  await withTenant(deps.db, companyId, async (trx) => {
    const subjects = await reachablePeople(trx, context, userIds);
    const refused = subjects.find((s) => s.status !== 'pending' && s.status !== 'invited');
    if (refused) {
      const why = refused.status === 'active' ? 'is already active.' : 'cannot be invited: their account is terminated or locked.';
      throw AppError.validation({ user_ids: [`${refused.name} ${why}`] });
    }
  });
  for (const userId of userIds) await inviteEmployee({ deps, caller, scope, companyId, userId });
  await withTenant(deps.db, companyId, (trx) =>
    publish(trx, { channel: companyChannel(companyId), event: 'user-basic', invalidates: DIRECTORY_INVALIDATES.people, companyId }),
  );
  return { action: 'invite', updated: userIds.length };
}

export async function runBulkAction(context: Context, body: BulkInput): Promise<DirectoryBulkResult> {
  const userIds = [...new Set(body.data.user_ids)];
  if (body.action === 'invite') return inviteAll(context, userIds);
  const { deps, caller, scope, companyId } = context;
  const { session } = caller;
  return withTenant(deps.db, companyId, async (trx) => {
    await reachablePeople(trx, context, userIds);
    let details: Record<string, unknown>;
    if (body.action === 'set_department') {
      const departmentId = body.data.department_id;
      await requireOwned(trx, companyId, 'departments', [departmentId], 'department_id');
      if (scope === 'department' && !session.departmentIds.includes(departmentId)) throw AppError.forbidden();
      await moveToDepartment(trx, { companyId, userIds, departmentId });
      details = { department_id: departmentId };
    } else {
      const tagIds = [...new Set(body.data.tag_ids)];
      await requireOwned(trx, companyId, 'user_tags', tagIds, 'tag_ids');
      await (body.action === 'add_tags' ? addUserTags : removeUserTags)(trx, { companyId, userIds, tagIds });
      details = { tag_ids: tagIds };
    }
    await recordAuditEntries(
      trx,
      userIds.map((userId) =>
        callerAuditEntry(caller, {
          companyId,
          action: `user.bulk_${body.action}`,
          targetType: 'user',
          targetId: userId,
          details: { ...details, people: userIds.length },
        }),
      ),
    );
    const invalidates = body.action === 'set_department' ? DIRECTORY_INVALIDATES.people : DIRECTORY_INVALIDATES.tags;
    await publish(trx, { channel: companyChannel(companyId), event: 'user-basic', invalidates, companyId });
    return { action: body.action, updated: userIds.length };
  });
}
