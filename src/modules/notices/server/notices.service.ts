// The noticeboard's domain functions. A caller's reach is their level for /api/notices:
// company (owners, HR admins) writes to anyone and manages every notice; department
// (managers) writes to their own departments and sees their people's receipts; own
// (employees) reads and acknowledges what is addressed to them. Another company's notice,
// or one the caller may not see, does not exist (404).
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { richTextWords, sanitiseRichText } from '../../../server/http/rich-text';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { isUuid } from '../../../shared/ids';
import type { Paging } from '../../../shared/list';
import type { Scope } from '../../../shared/scopes';
import { fieldMessages } from '../../../shared/validators';
import {
  noticeMessages,
  type Notice,
  type NoticeListQuery,
  type NoticeReceipts,
  type NoticeValues,
  type RemindResult,
} from '../notices.contract';
import { endAcknowledgeTodos, publishIfDue, publishNoticeChange, tellAudience, type NoticeFacts } from './notice-publication';
import {
  claimReminder,
  countKnown,
  deleteNotice as deleteNoticeRow,
  findAudience,
  findNotice,
  findNoticePage,
  insertNotice,
  recordReceipt,
  updateNotice as updateNoticeRow,
  type NoticeReader,
  type NoticeRow,
  type NoticeWrite,
} from './notices.queries';

export type NoticeCaller = AuditCaller & { db: Db; scope: Scope; origin: string };

export function readerOf(caller: Pick<NoticeCaller, 'session' | 'scope'>, now = new Date()): NoticeReader {
  const { session, scope } = caller;
  return {
    companyId: requireCompany(session),
    userId: session.userId,
    reach: scope === 'company' || scope === 'global' ? 'company' : scope === 'department' ? 'department' : 'own',
    departmentIds: session.departmentIds,
    today: londonDate(now),
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audience: row.audience,
    department_ids: row.department_ids,
    location_ids: row.location_ids,
    audience_names: row.audience_names,
    publish_at: row.publish_at.toISOString(),
    published_at: iso(row.published_at),
    expires_on: row.expires_on,
    pinned: row.pinned,
    acknowledgement_required: row.acknowledgement_required,
    send_email: row.send_email,
    state: row.state,
    author: row.created_by ? { id: row.created_by, first_name: row.author_first_name ?? '', surname: row.author_surname ?? '' } : null,
    read_at: iso(row.read_at),
    acknowledged_at: iso(row.acknowledged_at),
    can_manage: row.can_manage,
    reminded_at: row.can_manage ? iso(row.reminded_at) : null,
    created_at: row.created_at.toISOString(),
  };
}

export async function listNotices(caller: NoticeCaller, input: { query: NoticeListQuery; paging: Paging }) {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const page = await findNoticePage(trx, { reader, ...input });
    return { results: page.rows.map(toNotice), count: page.count };
  });
}

async function visibleNotice(trx: Trx, reader: NoticeReader, id: string): Promise<NoticeRow> {
  const row = isUuid(id) ? await findNotice(trx, reader, id) : undefined;
  if (!row) throw AppError.notFound();
  return row;
}

export async function getNotice(caller: NoticeCaller, id: string): Promise<Notice> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => toNotice(await visibleNotice(trx, reader, id)));
}

/** The stored values of a write, once the caller's reach and the company's lists allow them. */
async function writeOf(trx: Trx, reader: NoticeReader, body: NoticeValues): Promise<NoticeWrite> {
  const departmentIds = body.audience === 'departments' ? [...new Set(body.department_ids)] : [];
  const locationIds = body.audience === 'locations' ? [...new Set(body.location_ids)] : [];
  if (reader.reach !== 'company') {
    if (body.audience !== 'departments') throw AppError.validation({ audience: [noticeMessages.managersOnly] });
    if (!departmentIds.every((id) => reader.departmentIds.includes(id))) {
      throw AppError.validation({ department_ids: [noticeMessages.ownDepartmentsOnly] });
    }
  }
  if ((await countKnown(trx, { companyId: reader.companyId, table: 'departments', ids: departmentIds })) !== departmentIds.length) {
    throw AppError.validation({ department_ids: [noticeMessages.unknownDepartment] });
  }
  if ((await countKnown(trx, { companyId: reader.companyId, table: 'company_locations', ids: locationIds })) !== locationIds.length) {
    throw AppError.validation({ location_ids: [noticeMessages.unknownLocation] });
  }
  const html = sanitiseRichText(body.body);
  if (richTextWords(html) === '') throw AppError.validation({ body: [fieldMessages.required] });
  const publishAt = body.publish_at ? new Date(body.publish_at) : new Date();
  if (body.expires_on && body.expires_on < londonDate(publishAt)) {
    throw AppError.validation({ expires_on: [noticeMessages.expiryBeforePublish] });
  }
  return {
    company_id: reader.companyId,
    title: body.title,
    body: html,
    audience: body.audience,
    department_ids: departmentIds,
    location_ids: locationIds,
    publish_at: publishAt,
    expires_on: body.expires_on,
    pinned: body.pinned,
    acknowledgement_required: body.acknowledgement_required,
    send_email: body.send_email,
  };
}

const factsOf = (caller: NoticeCaller, companyId: string, id: string, values: NoticeWrite, authorId: string | null): NoticeFacts => ({
  companyId,
  id,
  title: values.title,
  acknowledgementRequired: values.acknowledgement_required,
  sendEmail: values.send_email,
  authorId,
  origin: caller.origin,
});

export async function createNotice(caller: NoticeCaller, body: NoticeValues): Promise<Notice> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const values = await writeOf(trx, reader, body);
    const id = await insertNotice(trx, { ...values, created_by: reader.userId });
    await auditCaller(trx, caller, { companyId: reader.companyId, action: 'notice.created', targetType: 'notice', targetId: id });
    if (!(await publishIfDue(trx, factsOf(caller, reader.companyId, id, values, reader.userId)))) {
      await publishNoticeChange(trx, reader.companyId);
    }
    return toNotice(await visibleNotice(trx, reader, id));
  });
}

async function managedNotice(trx: Trx, reader: NoticeReader, id: string): Promise<NoticeRow> {
  const row = await visibleNotice(trx, reader, id);
  if (!row.can_manage) throw AppError.forbidden();
  return row;
}

export async function updateNotice(caller: NoticeCaller, id: string, body: NoticeValues): Promise<Notice> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const current = await managedNotice(trx, reader, id);
    const values = await writeOf(trx, reader, body);
    // Once published, its date is history: an edit changes what it says, not when it went out.
    if (current.published_at) values.publish_at = current.publish_at;
    await updateNoticeRow(trx, { companyId: reader.companyId, id, values });
    if (!values.acknowledgement_required) await endAcknowledgeTodos(trx, { companyId: reader.companyId, id });
    await auditCaller(trx, caller, { companyId: reader.companyId, action: 'notice.updated', targetType: 'notice', targetId: id });
    if (current.published_at || !(await publishIfDue(trx, factsOf(caller, reader.companyId, id, values, current.created_by)))) {
      await publishNoticeChange(trx, reader.companyId);
    }
    return toNotice(await visibleNotice(trx, reader, id));
  });
}

export async function deleteNotice(caller: NoticeCaller, id: string): Promise<boolean> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    await managedNotice(trx, reader, id);
    await deleteNoticeRow(trx, { companyId: reader.companyId, id });
    await endAcknowledgeTodos(trx, { companyId: reader.companyId, id });
    await auditCaller(trx, caller, { companyId: reader.companyId, action: 'notice.deleted', targetType: 'notice', targetId: id });
    await publishNoticeChange(trx, reader.companyId);
    return true;
  });
}

/** The caller opened (or acknowledged) the notice; the first time counts and is announced. */
export async function recordNoticeReceipt(caller: NoticeCaller, id: string, acknowledge: boolean): Promise<Notice> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const row = await visibleNotice(trx, reader, id);
    if (!row.published_at) throw AppError.validation({}, noticeMessages.notPublished);
    if (acknowledge && !row.acknowledgement_required) throw AppError.validation({}, noticeMessages.notAcknowledgeable);
    const receipt = await recordReceipt(trx, { companyId: reader.companyId, noticeId: id, userId: reader.userId, acknowledge });
    if (acknowledge) await endAcknowledgeTodos(trx, { companyId: reader.companyId, id, userId: reader.userId });
    if (receipt.changed) await publishNoticeChange(trx, reader.companyId);
    return toNotice(await visibleNotice(trx, reader, id));
  });
}

/** Who has and has not read and acknowledged: everyone addressed for its managers, a department manager's own people otherwise. */
export async function noticeReceipts(caller: NoticeCaller, id: string): Promise<NoticeReceipts> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const row = await visibleNotice(trx, reader, id);
    if (!row.can_manage && reader.reach !== 'department') throw AppError.forbidden();
    const people = await findAudience(trx, {
      companyId: reader.companyId,
      noticeId: id,
      ...(row.can_manage ? {} : { departmentIds: reader.departmentIds }),
    });
    return {
      audience: people.length,
      read: people.filter((person) => person.read_at).length,
      acknowledged: people.filter((person) => person.acknowledged_at).length,
      results: people.map((person) => ({
        user: { id: person.id, first_name: person.first_name, surname: person.surname },
        department: person.department,
        read_at: iso(person.read_at),
        acknowledged_at: iso(person.acknowledged_at),
      })),
    };
  });
}

/** Reminds, once, everyone addressed who has not yet acknowledged (or, with no acknowledgement asked, read) it. */
export async function remindNotice(caller: NoticeCaller, id: string): Promise<RemindResult> {
  const reader = readerOf(caller);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const row = await managedNotice(trx, reader, id);
    if (!row.published_at) throw AppError.validation({}, noticeMessages.notPublished);
    if (!(await claimReminder(trx, { companyId: reader.companyId, id }))) {
      throw new AppError('conflict', { message: noticeMessages.alreadyReminded });
    }
    const people = await findAudience(trx, { companyId: reader.companyId, noticeId: id });
    const waiting = people.filter((person) => (row.acknowledgement_required ? !person.acknowledged_at : !person.read_at));
    const facts: NoticeFacts = {
      companyId: reader.companyId,
      id,
      title: row.title,
      acknowledgementRequired: row.acknowledgement_required,
      sendEmail: row.send_email,
      authorId: reader.userId,
      origin: caller.origin,
    };
    const reminded = await tellAudience(trx, facts, waiting, { reminder: true });
    await auditCaller(trx, caller, { companyId: reader.companyId, action: 'notice.reminded', targetType: 'notice', targetId: id });
    await publishNoticeChange(trx, reader.companyId);
    return { reminded };
  });
}
