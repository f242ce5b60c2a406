// Publishing a notice: the one publisher that claims it (the write that makes it due now, or
// the publish job at its time) tells its audience in the same transaction — a bell
// notification each (Action Required when it asks for acknowledgement, which also e-mails),
// an e-mail when the author asked for one — and every open app of the company refreshes.
// The publish job sweeps every minute and runs once per slot across servers; claiming the row
// makes each notice published, and its audience told, once however many servers run.
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { publish } from '../../../server/realtime/publish';
import { companyChannel } from '../../../shared/realtime';
import { NOTICES_INVALIDATES, NOTICES_RESOURCE } from '../notices.contract';
import { claimPublication, findAudience, findDueNotices, findNoticeFacts, type AudienceMember } from './notices.queries';
import { NOTICE_ACKNOWLEDGE } from './notices.todos';

export type NoticeFacts = {
  companyId: string;
  id: string;
  title: string;
  acknowledgementRequired: boolean;
  sendEmail: boolean;
  authorId: string | null;
  /** Builds the notice's link in e-mails. */
  origin: string;
};

export async function publishNoticeChange(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, { channel: companyChannel(companyId), event: NOTICES_RESOURCE, invalidates: NOTICES_INVALIDATES, companyId });
}

/**
 * The "please acknowledge" to-dos of the notice end: `userId`'s when they acknowledge it,
 * everyone's when it is deleted or stops asking for acknowledgement.
 */
export async function endAcknowledgeTodos(trx: Trx, notice: { companyId: string; id: string; userId?: string }): Promise<void> {
  await resolveTodos(trx, {
    companyId: notice.companyId,
    kind: NOTICE_ACKNOWLEDGE.kind,
    subject: todoSubject('notice', notice.id),
    ...(notice.userId ? { userId: notice.userId } : {}),
  });
}

/** Tells `people` about the notice; `reminder` words it as a reminder. Answers how many were told. */
export async function tellAudience(
  trx: Trx,
  facts: NoticeFacts,
  people: readonly AudienceMember[],
  options: { reminder: boolean },
): Promise<number> {
  const link = `${facts.origin}/notice/${facts.id}`;
  const ask = facts.acknowledgementRequired ? ' Please read and acknowledge it.' : '';
  const text = options.reminder ? `Reminder: the notice "${facts.title}" is waiting for you.${ask}` : `New notice: "${facts.title}".${ask}`;
  const subject = options.reminder ? `Reminder: ${facts.title}` : `New notice: ${facts.title}`;
  let told = 0;
  for (const person of people) {
    if (person.id === facts.authorId) continue;
    const email = { subject, text: `${text}\n\nOpen it: ${link}` };
    const notice = {
      companyId: facts.companyId,
      userId: person.id,
      description: escapeHtml(text),
      relatesTo: 'notice',
      relatesToId: facts.id,
    } as const;
    await notify(trx, facts.acknowledgementRequired ? { ...notice, todo: true, kind: NOTICE_ACKNOWLEDGE.kind, email } : notice);
    // notify() e-mails only what needs action; a plain notice is e-mailed when the author asked.
    if (!facts.acknowledgementRequired && facts.sendEmail && person.email_notifications) {
      await enqueueEmail(trx, { template: 'notification', to: person.email, ...email, companyId: facts.companyId });
    }
    told += 1;
  }
  return told;
}

/** Publishes the notice if it is due and still waiting; answers whether this call did. */
export async function publishIfDue(trx: Trx, facts: NoticeFacts): Promise<boolean> {
  if (!(await claimPublication(trx, { companyId: facts.companyId, id: facts.id }))) return false;
  const audience = await findAudience(trx, { companyId: facts.companyId, noticeId: facts.id });
  await tellAudience(trx, facts, audience, { reminder: false });
  await publishNoticeChange(trx, facts.companyId);
  return true;
}

const BATCH = 100;

/** The publish job: every scheduled notice whose time has come, each in its company's scope. */
export async function publishDueNotices(db: Db, origin: string): Promise<{ published: number }> {
  let published = 0;
  for (;;) {
    const due = await withSystem(db, (trx) => findDueNotices(trx, BATCH));
    let made = 0;
    for (const notice of due) {
      const done = await withTenant(db, notice.company_id, async (trx) => {
        const row = await findNoticeFacts(trx, { companyId: notice.company_id, id: notice.id });
        if (!row) return false;
        return publishIfDue(trx, {
          companyId: notice.company_id,
          id: notice.id,
          title: row.title,
          acknowledgementRequired: row.acknowledgement_required,
          sendEmail: row.send_email,
          authorId: row.created_by,
          origin,
        });
      });
      if (done) made += 1;
    }
    published += made;
    if (due.length < BATCH || made === 0) return { published };
  }
}
