// The SQL of a task's parts: its checklist ticks, comments and files.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import './tasks-tables';

export async function findTaskFile(trx: DbOrTrx, input: { companyId: string; taskId: string; fileId: string }) {
  return trx
    .selectFrom('task_files as tf')
    .innerJoin('files as f', 'f.id', 'tf.file_id')
    .select(['f.id', 'f.storage_key', 'f.original_name', 'f.mime_type'])
    .where('tf.company_id', '=', input.companyId)
    .where('tf.task_id', '=', input.taskId)
    .where('tf.file_id', '=', input.fileId)
    .executeTakeFirst();
}

export async function setChecklistItem(
  trx: Trx,
  input: { companyId: string; taskId: string; itemId: string; done: boolean; userId: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('task_checklist_items')
    .set(input.done ? { done_at: sql`coalesce(done_at, now())`, done_by: input.userId } : { done_at: null, done_by: null })
    .where('company_id', '=', input.companyId)
    .where('task_id', '=', input.taskId)
    .where('id', '=', input.itemId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertComment(trx: Trx, input: { companyId: string; taskId: string; authorId: string; body: string }): Promise<void> {
  await trx
    .insertInto('task_comments')
    .values({ company_id: input.companyId, task_id: input.taskId, author_id: input.authorId, body: input.body })
    .execute();
}

export async function insertTaskFile(
  trx: Trx,
  input: { companyId: string; taskId: string; fileId: string; kind: 'attachment' | 'evidence'; userId: string },
): Promise<void> {
  await trx
    .insertInto('task_files')
    .values({ company_id: input.companyId, task_id: input.taskId, file_id: input.fileId, kind: input.kind, created_by: input.userId })
    .execute();
}
