// The reminder sweep: every reminder due by `now` of an open task is claimed (its sent_at set
// by one UPDATE … WHERE sent_at IS NULL, skipping rows another sweep holds) and sent as a bell
// notification and an e-mail (unless the person turned e-mail off) in the same transaction, so
// each goes out once however many servers sweep, and one missed while no server ran goes out
// on the first sweep after (the job catches up at start).
import { withSystem, type Db } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { reminderText } from '../tasks.policy';
import { TASK_AREA_NAMES } from '../tasks.contract';
import { claimDueReminders } from './task-reminders.queries';
import { TASK_COMPLETE } from './tasks.todos';

const BATCH = 200;

/** Sends what is due by `now`; the number sent. */
export async function sendDueTaskReminders(db: Db, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await withSystem(db, async (trx) => {
      const claimed = await claimDueReminders(trx, { now, limit: BATCH });
      for (const reminder of claimed) {
        const subject = reminderText({
          kind: reminder.kind,
          daysBefore: reminder.days_before,
          title: reminder.title,
          dueDate: reminder.due_date,
        });
        const text = `${subject} (${TASK_AREA_NAMES[reminder.area]}, due ${formatCalendarDate(reminder.due_date, DATE_FORMATS.date)}${reminder.due_time ? ` at ${reminder.due_time}` : ''}).`;
        await notify(trx, {
          companyId: reminder.company_id,
          userId: reminder.assignee_id,
          description: escapeHtml(text),
          relatesTo: reminder.area === 'hr' ? 'hr_task' : 'hs_task',
          relatesToId: reminder.task_id,
          todo: true,
          kind: TASK_COMPLETE.kind,
          email: { subject, text },
        });
      }
      return claimed.length;
    });
    sent += batch;
    if (batch < BATCH) return sent;
  }
}
