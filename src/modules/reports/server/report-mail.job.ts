// The monthly report e-mail: on the 1st (07:00 London, and at a server start if that slot was
// missed), each subscription not yet sent this month gets last month's report, as its maker
// may see it now, e-mailed to its recipients who still hold the reports permission.
import type { JobContext, JobDefinition } from '../../../server/jobs/job-definition';
import { withSystem, withTenant } from '../../../server/db/database';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import type { ReportResult } from '../../../shared/reports.contract';
import { collectReports, runReport } from './reports.service';
import { claimDueSubscriptions, findRecipientAddresses, findSender } from './subscriptions.queries';

/** Last month's first and last day, and this month (yyyy-MM), seen from `today`. */
export function lastMonth(today: string): { from: string; to: string; month: string } {
  const firstOfThis = `${today.slice(0, 7)}-01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 7)}-01`, to, month: today.slice(0, 7) };
}

function plainTable(result: ReportResult): string {
  const rows = [...result.rows.slice(0, 30), result.totals];
  return rows.map((row) => result.columns.map((c) => `${c.label}: ${row[c.key] ?? ''}`).join(' | ')).join('\n');
}

export async function sendMonthlyReports(
  context: Pick<JobContext, 'db' | 'config'> & { now?: Date; reports: readonly ReportDefinition[] },
): Promise<number> {
  const reports = context.reports;
  const today = londonDate(context.now ?? new Date());
  const period = lastMonth(today);
  const due = await withSystem(context.db, (trx) => claimDueSubscriptions(trx, period.month));
  const origin = context.config.publicOrigin ?? `http://localhost:${context.config.port}`;
  let sent = 0;
  for (const subscription of due) {
    await withTenant(context.db, subscription.company_id, async (trx) => {
      const sender = subscription.created_by
        ? await findSender(trx, { companyId: subscription.company_id, userId: subscription.created_by })
        : undefined;
      if (!sender) return;
      const to = await findRecipientAddresses(trx, { companyId: subscription.company_id, userIds: subscription.recipient_ids });
      if (!to.length) return;
      const filters = {
        from: period.from,
        to: period.to,
        department_id: subscription.department_ids,
        location_id: [],
        user_id: [],
        ...(subscription.group_by ? { group_by: subscription.group_by } : {}),
      };
      const found = await runReport(trx, {
        reports,
        key: subscription.report_key,
        companyId: subscription.company_id,
        filters,
        caller: { permissions: sender.permissions, userId: subscription.created_by!, departmentIds: sender.department_ids },
        today,
      }).catch(() => null);
      if (!found) return;
      const range = `${formatCalendarDate(period.from, DATE_FORMATS.date)} – ${formatCalendarDate(period.to, DATE_FORMATS.date)}`;
      for (const address of to) {
        await enqueueEmail(trx, {
          template: 'report_digest',
          to: address,
          subject: `${found.report.title} report, ${range}`,
          text: `${found.report.title}, ${range}\n\n${plainTable(found.result)}\n\nOpen it, with its chart and exports: ${origin}/reports?report=${found.report.key}`,
          companyId: subscription.company_id,
        });
        sent += 1;
      }
    });
  }
  return sent;
}

export const reportJobs: JobDefinition[] = [
  {
    name: 'reports-monthly-email',
    schedule: { cron: '0 7 1 * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db, config, wakeMail, modules }) => {
      if (!modules) throw new Error("The monthly report e-mail needs the server's modules.");
      if ((await sendMonthlyReports({ db, config, reports: collectReports(modules) })) > 0) wakeMail();
    },
  },
];
