// The only SQL of the noticeboard. Every query runs in the company's tenant scope (or the
// system scope for the publish job's sweep) and names the company itself as well.
import { sql, type Generated, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { Notice, NoticeAudience, NoticeListQuery, NoticeState } from '../notices.contract';

export interface NoticeTable {
  id: Generated<string>;
  company_id: string;
  title: string;
  body: string;
  audience: NoticeAudience;
  department_ids: string[];
  location_ids: string[];
  publish_at: Date;
  published_at: Date | null;
  expires_on: string | null;
  pinned: boolean;
  acknowledgement_required: boolean;
  send_email: boolean;
  reminded_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface NoticeReceiptTable {
  notice_id: string;
  user_id: string;
  company_id: string;
  read_at: Generated<Date>;
  acknowledged_at: Date | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    notices: NoticeTable;
    notice_receipts: NoticeReceiptTable;
  }
}

/** Who is reading: their reach decides which notices they see and which they manage. */
export type NoticeReader = {
  companyId: string;
  userId: string;
  /** company: every notice of the company; department: also those addressed only to their departments. */
  reach: 'company' | 'department' | 'own';
  departmentIds: string[];
  /** London's date today: a notice shows through its expiry day. */
  today: string;
};

/** A notice as read: its times as Dates, its author as two names. */
export type NoticeRow = Omit<
  Notice,
  'publish_at' | 'published_at' | 'reminded_at' | 'created_at' | 'read_at' | 'acknowledged_at' | 'author'
> & {
  publish_at: Date;
  published_at: Date | null;
  reminded_at: Date | null;
  created_at: Date;
  read_at: Date | null;
  acknowledged_at: Date | null;
  created_by: string | null;
  author_first_name: string | null;
  author_surname: string | null;
};

/** Whether user `u` is addressed by notice `n` (both aliases in the surrounding query). */
const addressed = sql`(
  n.audience = 'everyone'
  OR (n.audience = 'departments' AND (u.department_id = ANY (n.department_ids)
      OR EXISTS (SELECT 1 FROM user_departments ud WHERE ud.user_id = u.id AND ud.department_id = ANY (n.department_ids))))
  OR (n.audience = 'locations' AND u.location_id = ANY (n.location_ids))
)`;

const uuidArray = (ids: readonly string[]) => sql`${sql.val([...ids])}::uuid[]`;

function managesSql(reader: NoticeReader): RawBuilder<boolean> {
  if (reader.reach === 'company') return sql<boolean>`true`;
  const own = sql`n.created_by = ${reader.userId}::uuid`;
  if (reader.reach === 'own') return sql<boolean>`(${own})`;
  return sql<boolean>`(${own} OR (n.audience = 'departments' AND n.department_ids <@ ${uuidArray(reader.departmentIds)}))`;
}

/** What the reader may see: what they manage, and what is published and addressed to them. */
function visibleSql(reader: NoticeReader): RawBuilder<boolean> {
  return sql<boolean>`(${managesSql(reader)} OR (n.published_at IS NOT NULL AND EXISTS (
    SELECT 1 FROM users u WHERE u.id = ${reader.userId}::uuid AND u.company_id = n.company_id AND ${addressed})))`;
}

/** The reader wrote notice `n`: they are not its audience, and it counts as read and acknowledged by them once published. */
const authorSql = (reader: NoticeReader) => sql<boolean>`(n.created_by = ${reader.userId}::uuid)`;

const stateSql = (today: string) => sql<NoticeState>`CASE
  WHEN n.published_at IS NULL THEN 'scheduled'
  WHEN n.expires_on IS NOT NULL AND n.expires_on < ${today}::date THEN 'expired'
  ELSE 'current' END`;

function selectNotices(reader: NoticeReader, where: RawBuilder<unknown>, tail: RawBuilder<unknown> = sql``) {
  return sql<NoticeRow>`
    SELECT n.id, n.title, n.body, n.audience, n.department_ids, n.location_ids, n.publish_at, n.published_at,
           to_char(n.expires_on, 'YYYY-MM-DD') AS expires_on, n.pinned, n.acknowledgement_required, n.send_email,
           n.reminded_at, n.created_at, n.created_by, a.first_name AS author_first_name, a.surname AS author_surname,
           CASE WHEN ${authorSql(reader)} THEN coalesce(r.read_at, n.published_at) ELSE r.read_at END AS read_at,
           CASE WHEN ${authorSql(reader)} AND n.acknowledgement_required THEN coalesce(r.acknowledged_at, n.published_at)
                ELSE r.acknowledged_at END AS acknowledged_at,
           ${managesSql(reader)} AS can_manage, ${stateSql(reader.today)} AS state,
           CASE n.audience
             WHEN 'departments' THEN ARRAY(SELECT d.name FROM departments d WHERE d.id = ANY (n.department_ids) ORDER BY d.name)
             WHEN 'locations' THEN ARRAY(SELECT l.name FROM company_locations l WHERE l.id = ANY (n.location_ids) ORDER BY l.name)
             ELSE ARRAY[]::text[] END AS audience_names
    FROM notices n
    LEFT JOIN users a ON a.id = n.created_by
    LEFT JOIN notice_receipts r ON r.notice_id = n.id AND r.user_id = ${reader.userId}::uuid
    WHERE n.company_id = ${reader.companyId}::uuid AND ${visibleSql(reader)} AND ${where}
    ${tail}`;
}

export async function findNoticePage(
  db: DbOrTrx,
  input: { reader: NoticeReader; query: NoticeListQuery; paging: Paging },
): Promise<{ rows: NoticeRow[]; count: number }> {
  const { reader, query } = input;
  const state = query.state ?? 'current';
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`${stateSql(reader.today)} = ${state}
    ${search ? sql`AND (n.title ILIKE ${search} OR n.body ILIKE ${search})` : sql``}
    ${query.unread === '1' ? sql`AND r.read_at IS NULL AND NOT ${authorSql(reader)}` : sql``}
    ${query.pinned === '1' ? sql`AND n.pinned` : sql``}`;
  const rows = await selectNotices(
    reader,
    where,
    sql`ORDER BY n.pinned DESC, coalesce(n.published_at, n.publish_at) DESC, n.id LIMIT ${input.paging.limit} OFFSET ${input.paging.offset}`,
  ).execute(db);
  const counted = await sql<{ n: string }>`SELECT count(*) AS n FROM (${selectNotices(reader, where)}) AS page`.execute(db);
  return { rows: rows.rows, count: Number(counted.rows[0]?.n ?? 0) };
}

export async function findNotice(db: DbOrTrx, reader: NoticeReader, id: string): Promise<NoticeRow | undefined> {
  const { rows } = await selectNotices(reader, sql`n.id = ${id}::uuid`).execute(db);
  return rows[0];
}

/** Published, current notices addressed to the user they have not opened (the dashboard's count). */
export async function countUnread(db: DbOrTrx, reader: NoticeReader): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM (${selectNotices(
    reader,
    sql`n.published_at IS NOT NULL AND r.read_at IS NULL AND NOT ${authorSql(reader)} AND ${stateSql(reader.today)} = 'current'`,
  )}) AS unread`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export type NoticeWrite = Omit<NoticeTable, 'id' | 'created_at' | 'updated_at' | 'published_at' | 'reminded_at' | 'created_by'>;

export async function insertNotice(db: DbOrTrx, values: NoticeWrite & { created_by: string }): Promise<string> {
  const row = await db.insertInto('notices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNotice(db: DbOrTrx, input: { companyId: string; id: string; values: NoticeWrite }): Promise<void> {
  await db
    .updateTable('notices')
    .set({ ...input.values, updated_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function deleteNotice(db: DbOrTrx, input: { companyId: string; id: string }): Promise<void> {
  await db.deleteFrom('notices').where('company_id', '=', input.companyId).where('id', '=', input.id).execute();
}

/**
 * Marks the notice published if it is still waiting and due: true for the one caller that did
 * (the row lock makes a second, concurrent publisher find it already published).
 */
export async function claimPublication(db: DbOrTrx, input: { companyId: string; id: string }): Promise<boolean> {
  const row = await db
    .updateTable('notices')
    .set({ published_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .where('published_at', 'is', null)
    // The clock, not the transaction's start: the write that made the notice may have begun earlier.
    .where('publish_at', '<=', sql<Date>`clock_timestamp()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Notices whose time has come and that nobody has published yet (system scope). */
export async function findDueNotices(db: DbOrTrx, limit: number): Promise<{ id: string; company_id: string }[]> {
  return db
    .selectFrom('notices')
    .select(['id', 'company_id'])
    .where('published_at', 'is', null)
    .where('publish_at', '<=', sql<Date>`now()`)
    .orderBy('publish_at')
    .limit(limit)
    .execute();
}

/** What publishing and reminding need of a notice. */
export async function findNoticeFacts(db: DbOrTrx, input: { companyId: string; id: string }) {
  return db
    .selectFrom('notices')
    .select(['title', 'acknowledgement_required', 'send_email', 'created_by', 'published_at'])
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
}

export type AudienceMember = {
  id: string;
  first_name: string;
  surname: string;
  email: string;
  email_notifications: boolean;
  department: string | null;
  read_at: Date | null;
  acknowledged_at: Date | null;
};

/**
 * The active people a notice addresses, with their receipts, less its author; `departmentIds`
 * keeps to people of those departments (a department manager's view).
 */
export async function findAudience(
  db: DbOrTrx,
  input: { companyId: string; noticeId: string; departmentIds?: readonly string[] },
): Promise<AudienceMember[]> {
  const within = input.departmentIds
    ? sql`AND (u.department_id = ANY (${uuidArray(input.departmentIds)}) OR EXISTS (
        SELECT 1 FROM user_departments ud2 WHERE ud2.user_id = u.id AND ud2.department_id = ANY (${uuidArray(input.departmentIds)})))`
    : sql``;
  const { rows } = await sql<AudienceMember>`
    SELECT u.id, u.first_name, u.surname, u.email, coalesce(s.email_notifications, true) AS email_notifications,
           d.name AS department, r.read_at, r.acknowledged_at
    FROM notices n
    JOIN users u ON u.company_id = n.company_id AND u.status = 'active' AND ${addressed} AND u.id IS DISTINCT FROM n.created_by
    LEFT JOIN departments d ON d.id = u.department_id
    LEFT JOIN user_settings s ON s.user_id = u.id
    LEFT JOIN notice_receipts r ON r.notice_id = n.id AND r.user_id = u.id
    WHERE n.company_id = ${input.companyId}::uuid AND n.id = ${input.noticeId}::uuid ${within}
    ORDER BY lower(u.surname), lower(u.first_name), u.id`.execute(db);
  return rows;
}

/** Records that the user opened (and, when `acknowledge`, acknowledged) the notice; the first time counts. */
export async function recordReceipt(
  db: DbOrTrx,
  input: { companyId: string; noticeId: string; userId: string; acknowledge: boolean },
): Promise<{ read_at: Date; acknowledged_at: Date | null; changed: boolean }> {
  const { rows } = await sql<{ read_at: Date; acknowledged_at: Date | null; changed: boolean }>`
    WITH before AS (
      SELECT acknowledged_at FROM notice_receipts WHERE notice_id = ${input.noticeId}::uuid AND user_id = ${input.userId}::uuid
    ), written AS (
      INSERT INTO notice_receipts (notice_id, user_id, company_id, acknowledged_at)
      VALUES (${input.noticeId}::uuid, ${input.userId}::uuid, ${input.companyId}::uuid, ${input.acknowledge ? sql`now()` : sql`NULL`})
      ON CONFLICT (notice_id, user_id) DO UPDATE
        SET acknowledged_at = coalesce(notice_receipts.acknowledged_at, EXCLUDED.acknowledged_at)
      RETURNING read_at, acknowledged_at, (xmax = 0) AS inserted
    )
    SELECT w.read_at, w.acknowledged_at,
           (w.inserted OR (w.acknowledged_at IS NOT NULL AND (SELECT acknowledged_at FROM before) IS NULL)) AS changed
    FROM written w`.execute(db);
  return rows[0]!;
}

/** Marks the reminder sent if it was not: true for the one caller that did. */
export async function claimReminder(db: DbOrTrx, input: { companyId: string; id: string }): Promise<boolean> {
  const row = await db
    .updateTable('notices')
    .set({ reminded_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .where('reminded_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of the ids are the company's departments / locations. */
export async function countKnown(
  db: DbOrTrx,
  input: { companyId: string; table: 'departments' | 'company_locations'; ids: readonly string[] },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const row = await db
    .selectFrom(input.table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', input.companyId)
    .where('id', 'in', [...input.ids])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Demo --------------------------------------------------------------------------------

export async function companyHasNotices(db: DbOrTrx, companyId: string): Promise<boolean> {
  return (await db.selectFrom('notices').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst()) !== undefined;
}

export async function insertDemoNotice(
  db: DbOrTrx,
  values: NoticeWrite & { created_by: string | null; published_at: Date | null },
): Promise<string> {
  return (await db.insertInto('notices').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findDemoReaders(db: DbOrTrx, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .orderBy('surname')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertDemoReceipts(
  db: DbOrTrx,
  input: { companyId: string; noticeId: string; userIds: readonly string[]; at: Date },
): Promise<void> {
  if (input.userIds.length === 0) return;
  await db
    .insertInto('notice_receipts')
    .values(
      input.userIds.map((userId) => ({
        notice_id: input.noticeId,
        user_id: userId,
        company_id: input.companyId,
        read_at: input.at,
        acknowledged_at: input.at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
