// The right-to-work reminder: once per permit, 30 days before its expiry or on its follow-up
// date, the company's owners and HR admins (whoever may change right-to-work checks company-wide)
// get an Action Required notification about the person. A background job (employees.jobs.ts)
// runs it hourly; the claim in the database makes each permit's reminder go out once.
import { withSystem, type Db, type Trx } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos } from '../../../server/notifications/resolve-todos';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import { PERMIT_REMINDER_DAYS, EMPLOYMENT_RECORD_RESOURCES } from '../employment-records.contract';
import { RIGHT_TO_WORK_RENEW, rightToWorkSubject } from './employees.todos';
import { claimDuePermitReminders, findPermitReminderRecipients, type DuePermitReminder } from './work-permits.queries';

const PERMIT_ENDPOINT = `/api/${EMPLOYMENT_RECORD_RESOURCES.workPermit}`;

/** The words of the reminder: the expiry when it is what is due, else the follow-up. */
export function permitReminderText(
  permit: Pick<DuePermitReminder, 'first_name' | 'surname' | 'expiry_date' | 'follow_up_date'>,
  today: string,
): string {
  const name = `${permit.first_name} ${permit.surname}`;
  const expiryDue = permit.expiry_date !== null && permit.expiry_date <= addDays(today, PERMIT_REMINDER_DAYS);
  if (expiryDue && permit.expiry_date) {
    const verb = permit.expiry_date < today ? 'expired' : 'expires';
    return `Right to work check for ${name} ${verb} on ${formatCalendarDate(permit.expiry_date, DATE_FORMATS.date)}.`;
  }
  return `Right to work follow-up check for ${name} is due on ${formatCalendarDate(permit.follow_up_date ?? today, DATE_FORMATS.date)}.`;
}

/** A check of the person was recorded, changed or removed: the reminders about them are done (a changed date that is due again is reminded afresh). */
export async function endRightToWorkTodos(trx: Trx, person: { companyId: string; userId: string }): Promise<void> {
  await resolveTodos(trx, { companyId: person.companyId, kind: RIGHT_TO_WORK_RENEW.kind, subject: rightToWorkSubject(person.userId) });
}

/** Sends every reminder due at `now`; answers how many permits were reminded and how many people told. */
export async function sendWorkPermitReminders(db: Db, now: Date = new Date()): Promise<{ reminded: number; notified: number }> {
  const today = londonDate(now);
  return withSystem(db, async (trx) => {
    const due = await claimDuePermitReminders(trx, { now, today, expiryHorizon: addDays(today, PERMIT_REMINDER_DAYS) });
    const recipients = new Map<string, string[]>();
    let notified = 0;
    for (const permit of due) {
      let people = recipients.get(permit.company_id);
      if (!people) {
        people = await findPermitReminderRecipients(trx, { companyId: permit.company_id, endpoint: PERMIT_ENDPOINT });
        recipients.set(permit.company_id, people);
      }
      const text = permitReminderText(permit, today);
      for (const userId of people) {
        await notify(trx, {
          companyId: permit.company_id,
          userId,
          description: escapeHtml(text),
          relatesTo: 'user',
          relatesToId: permit.user_id,
          todo: true,
          kind: RIGHT_TO_WORK_RENEW.kind,
          subject: rightToWorkSubject(permit.user_id),
          email: { subject: 'Right to work check due', text },
        });
        notified += 1;
      }
    }
    return { reminded: due.length, notified };
  });
}
