// A task's parts, each a write of its own: comments, checklist ticks, attached files, and
// reading an attached file. The task must be readable by the caller; ticking and attaching
// need the right to complete it.
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { TASK_RESOURCES, type TaskArea, type TaskDetail } from '../tasks.contract';
import { taskRights, toTaskDetail } from './task-view';
import * as q from './task-parts.queries';

import { afterWrite, readableTask, type TaskCaller } from './tasks.service';

export async function commentOnTask(caller: TaskCaller, area: TaskArea, id: string, body: string): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readableTask(trx, caller, area, id);
    await q.insertComment(trx, { companyId, taskId: id, authorId: caller.session.userId, body });
    await afterWrite(trx, companyId, area);
    return toTaskDetail(trx, caller.session, row);
  });
}

export async function tickChecklistItem(
  caller: TaskCaller,
  area: TaskArea,
  input: { id: string; itemId: string; done: boolean },
): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readableTask(trx, caller, area, input.id);
    if (!taskRights(caller.session, row).canComplete) throw AppError.forbidden();
    if (
      !(await q.setChecklistItem(trx, {
        companyId,
        taskId: input.id,
        itemId: input.itemId,
        done: input.done,
        userId: caller.session.userId,
      }))
    ) {
      throw AppError.notFound();
    }
    await afterWrite(trx, companyId, area);
    return toTaskDetail(trx, caller.session, await readableTask(trx, caller, area, input.id));
  });
}

export async function attachFile(
  caller: TaskCaller,
  area: TaskArea,
  id: string,
  receive: (trx: Trx) => Promise<string>,
): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readableTask(trx, caller, area, id);
    if (!taskRights(caller.session, row).canComplete) throw AppError.forbidden();
    const fileId = await receive(trx);
    await q.insertTaskFile(trx, { companyId, taskId: id, fileId, kind: 'attachment', userId: caller.session.userId });
    await auditCaller(trx, caller, {
      companyId,
      action: `${TASK_RESOURCES[area]}.file_added`,
      targetType: TASK_RESOURCES[area],
      targetId: id,
    });
    await afterWrite(trx, companyId, area);
    return toTaskDetail(trx, caller.session, row);
  });
}

export async function readTaskFile(caller: TaskCaller, area: TaskArea, input: { id: string; fileId: string }) {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await readableTask(trx, caller, area, input.id);
    const file = await q.findTaskFile(trx, { companyId, taskId: input.id, fileId: input.fileId });
    if (!file) throw AppError.notFound();
    return file;
  });
}
