// Notifications (migration 0006). Call in the recipient's scope: their company's
// (withTenant), or the system scope for an administrator's own, which have no company.
import { sql, type Generated } from 'kysely';
import type { RelatesTo } from '../../shared/notifications.contract';
import type { DbOrTrx } from '../db/database';

export interface NotificationTable {
  id: Generated<string>;
  company_id: string | null;
  user_id: string;
  description: string;
  relates_to: RelatesTo | null;
  relates_to_id: string | null;
  todo: Generated<boolean>;
  /** The key of what a to-do asks for (migration 0029): resolveTodos ends every open one with it. */
  subject: string | null;
  /** The declared kind of a to-do (migration 0039; notifications/todo-kinds.ts). */
  todo_kind: string | null;
  resolved_at: Date | null;
  is_new: Generated<boolean>;
  is_clicked: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface UserSettingsTable {
  user_id: string;
  company_id: string | null;
  email_notifications: Generated<boolean>;
}

declare module '../db/schema' {
  interface Database {
    notifications: NotificationTable;
    user_settings: UserSettingsTable;
  }
}

export type NotificationRow = {
  id: string;
  is_new: boolean;
  is_clicked: boolean;
  description: string;
  created_at: Date;
  todo: boolean;
  relates_to: RelatesTo | null;
  relates_to_id: string | null;
};

/** A stored notification and what is needed to e-mail its recipient. */
export type InsertedNotification = NotificationRow & { recipient_email: string; email_notifications: boolean };

export type NewNotification = {
  userId: string;
  description: string;
  relatesTo: RelatesTo | null;
  relatesToId: string | null;
  todo: boolean;
  /** A to-do's subject key: resolveTodos ends every open to-do with it. */
  subject?: string | null;
  /** A to-do's declared kind. */
  todoKind?: string | null;
};

/**
 * For a user of `companyId`, in that company's scope. Nothing is stored (undefined) when the
 * user is not one of the company's: a notification never crosses companies.
 */
export async function insertCompanyNotification(
  db: DbOrTrx,
  input: NewNotification & { companyId: string },
): Promise<InsertedNotification | undefined> {
  const { rows } = await sql<InsertedNotification>`
    WITH n AS (
      INSERT INTO notifications (company_id, user_id, description, relates_to, relates_to_id, todo, subject, todo_kind)
      SELECT u.company_id, u.id, ${input.description}, ${input.relatesTo}, ${input.relatesToId}, ${input.todo}, ${input.subject ?? null},
             ${input.todoKind ?? null}
      FROM users u WHERE u.id = ${input.userId} AND u.company_id = ${input.companyId}
      RETURNING id, user_id, is_new, is_clicked, description, created_at, todo, relates_to, relates_to_id
    )
    SELECT n.id, n.is_new, n.is_clicked, n.description, n.created_at, n.todo, n.relates_to, n.relates_to_id,
           u.email AS recipient_email, coalesce(s.email_notifications, true) AS email_notifications
    FROM n JOIN users u ON u.id = n.user_id LEFT JOIN user_settings s ON s.user_id = n.user_id`.execute(db);
  return rows[0];
}

/**
 * For an administrator (no company), from any scope: a company user's action may notify
 * one. app_notify_administrator stores nothing unless the user is an administrator.
 */
export async function insertAdministratorNotification(db: DbOrTrx, input: NewNotification): Promise<InsertedNotification | undefined> {
  const { rows } = await sql<InsertedNotification>`
    SELECT id, is_new, is_clicked, description, created_at, todo, relates_to, relates_to_id, recipient_email, email_notifications
    FROM app_notify_administrator(${input.userId}, ${input.description}, ${input.relatesTo}, ${input.relatesToId}, ${input.todo},
                                  ${input.subject ?? null}, ${input.todoKind ?? null})`.execute(db);
  return rows[0];
}

type Owner = { companyId: string | null; userId: string };

/** One page, newest first, with the total and the count still new, in one round trip. */
export async function findNotifications(
  db: DbOrTrx,
  input: Owner & { offset: number; limit: number },
): Promise<{ results: NotificationRow[]; count: number; unread: number }> {
  const { rows } = await sql<Partial<NotificationRow> & { total: number; unread: number }>`
    SELECT c.total, c.unread, p.id, p.is_new, p.is_clicked, p.description, p.created_at, p.todo, p.relates_to, p.relates_to_id
    FROM (
      SELECT count(*) AS total, count(*) FILTER (WHERE is_new) AS unread
      FROM notifications WHERE user_id = ${input.userId} AND company_id IS NOT DISTINCT FROM ${input.companyId}::uuid
    ) c
    LEFT JOIN LATERAL (
      SELECT id, is_new, is_clicked, description, created_at, todo AND resolved_at IS NULL AS todo, relates_to, relates_to_id
      FROM notifications WHERE user_id = ${input.userId} AND company_id IS NOT DISTINCT FROM ${input.companyId}::uuid
      ORDER BY created_at DESC, id DESC
      LIMIT ${input.limit} OFFSET ${input.offset}
    ) p ON true`.execute(db);
  const first = rows[0];
  // With no notification on the page the counts still come back, on one row of nulls.
  const onPage = rows.filter((row): row is NotificationRow & { total: number; unread: number } => row.id != null);
  return {
    results: onPage.map(({ total: _total, unread: _unread, ...row }) => row),
    count: first?.total ?? 0,
    unread: first?.unread ?? 0,
  };
}

/** Every notification of the user stops being new; answers how many changed. */
export async function markAllRead(db: DbOrTrx, owner: Owner): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_new: false })
    .where('user_id', '=', owner.userId)
    .where(sql<boolean>`company_id IS NOT DISTINCT FROM ${owner.companyId}::uuid`)
    .where('is_new', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Clicked and no longer new; false when the user has no notification with this id. */
export async function markClicked(db: DbOrTrx, input: Owner & { id: string }): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ is_clicked: true, is_new: false })
    .where('id', '=', input.id)
    .where('user_id', '=', input.userId)
    .where(sql<boolean>`company_id IS NOT DISTINCT FROM ${input.companyId}::uuid`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Every open to-do of the company with this kind and subject (of `userId` only, when given) is
 * resolved: no longer Action Required and no longer new. Answers whose they were, once each, so
 * their bells can be told.
 */
export async function resolveOpenTodos(
  db: DbOrTrx,
  input: { companyId: string | null; kind: string; subject: string; userId?: string },
): Promise<string[]> {
  let query = db
    .updateTable('notifications')
    .set({ resolved_at: sql<Date>`now()`, is_new: false })
    .where('company_id', input.companyId === null ? 'is' : '=', input.companyId)
    .where('subject', '=', input.subject)
    .where('todo_kind', '=', input.kind)
    .where('todo', '=', true)
    .where('resolved_at', 'is', null);
  if (input.userId) query = query.where('user_id', '=', input.userId);
  const rows = await query.returning('user_id').execute();
  return [...new Set(rows.map((row) => row.user_id))];
}
