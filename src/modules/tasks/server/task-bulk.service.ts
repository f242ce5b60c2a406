// Several tasks at once from the list: complete them, or give them to another person (who is
// told, and the change audited). All or nothing: one task out of reach refuses the lot.
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { TASK_RESOURCES, type TaskArea, type TaskBulk, type TaskBulkResult } from '../tasks.contract';
import { taskRights } from './task-view';
import * as q from './tasks.queries';
import {
  afterWrite,
  assigneesOf,
  completeOne,
  endTaskTodos,
  londonNow,
  readableTask,
  tellAssignee,
  type TaskCaller,
} from './tasks.service';

export async function bulkTasks(caller: TaskCaller, area: TaskArea, body: TaskBulk): Promise<TaskBulkResult> {
  const companyId = requireCompany(caller.session);
  const ids = [...new Set(body.data.ids)];
  const updated = await withTenant(caller.db, companyId, async (trx) => {
    const rows = await q.findTaskRowsForUpdate(trx, { companyId, area, ids, ...londonNow() });
    if (rows.length !== ids.length) throw AppError.notFound();
    for (const row of rows) await readableTask(trx, caller, area, row.id);
    let count = 0;
    if (body.action === 'complete') {
      for (const row of rows) {
        if (row.status === 'done') continue;
        await completeOne(trx, caller, row, { note: null });
        count += 1;
      }
    } else {
      await assigneesOf(trx, caller, area, { kind: 'user', id: body.data.assignee_id });
      for (const row of rows) {
        if (!taskRights(caller.session, row).canEdit) throw AppError.forbidden();
        if (row.assignee_id === body.data.assignee_id) continue;
        await q.updateTaskRow(trx, { companyId, id: row.id, values: { assigneeId: body.data.assignee_id } });
        await endTaskTodos(trx, { companyId, area, id: row.id, userId: row.assignee_id });
        await tellAssignee(trx, caller, {
          companyId,
          area,
          id: row.id,
          title: row.title,
          dueDate: row.due_date,
          assigneeId: body.data.assignee_id,
        });
        await auditCaller(trx, caller, {
          companyId,
          action: `${TASK_RESOURCES[area]}.reassigned`,
          targetType: TASK_RESOURCES[area],
          targetId: row.id,
          details: { from: row.assignee_id, to: body.data.assignee_id },
        });
        count += 1;
      }
    }
    await afterWrite(trx, companyId, area);
    return count;
  });
  caller.mail.wake();
  return { action: body.action, updated };
}
