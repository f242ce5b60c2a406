// The overtime module's background job: time off in lieu past its company's expiry is taken
// back from the person's balance (what is left of it, never below zero) through the leave
// module's ledger, once per report, with its reason logged. Hourly from a quarter to the hour,
// and once when a server starts, so a missed night catches up.
import { withSystem, withTenant, type Db } from '../../../server/db/database';
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { timeOffInLieuLedger } from '../../../server/module-hooks';
import type { ServerModule } from '../../../server/server-module';
import { DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import { findExpiredToil, findReportRow, updateReport } from './overtime.queries';

/** Expires what is due by `today`; returns how many reports it expired. */
export async function expireTimeOffInLieu(db: Db, modules: readonly ServerModule[], today = londonDate(new Date())): Promise<number> {
  const ledger = timeOffInLieuLedger(modules);
  if (!ledger) return 0;
  const due = await withSystem(db, (trx) => findExpiredToil(trx, today));
  let expired = 0;
  for (const candidate of due) {
    await withTenant(db, candidate.company_id, async (trx) => {
      const row = await findReportRow(trx, { companyId: candidate.company_id, id: candidate.id, lock: true });
      if (!row || row.toil_expired_at || !row.toil_expires_on || row.toil_expires_on >= today) return;
      await ledger.expire(trx, {
        companyId: row.company_id,
        userId: row.user_id,
        date: row.date,
        hours: row.hours,
        reason: `Time off in lieu expired: ${row.hours} hours of overtime on ${formatCalendarDate(row.date, DATE_FORMATS.date)} were to be used by ${formatCalendarDate(row.toil_expires_on, DATE_FORMATS.date)}`,
        actorId: null,
      });
      await updateReport(trx, { companyId: row.company_id, id: row.id, values: { toil_expired_at: new Date() } });
      expired += 1;
    });
  }
  return expired;
}

export const overtimeJobs: JobDefinition[] = [
  {
    name: 'overtime-toil-expiry',
    schedule: { cron: '45 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db, modules }) => {
      await expireTimeOffInLieu(db, modules ?? []);
    },
  },
];
