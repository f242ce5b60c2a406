// The return-to-work sweep: an approved sickness absence whose last day has passed gets its
// item even when nobody marked the person as back (the absences part creates it at once when
// they do). A background job (leave.jobs.ts) runs it hourly; the item's unique absence makes
// each one be created once however often it runs.
import { withSystem, withTenant, type Db } from '../../../server/db/database';
import { londonDate } from '../../../shared/dates';
import { createReturnToWorkItem } from './return-to-work';
import { findEndedSicknessWithoutItem } from './return-to-work.queries';

const BATCH = 500;

/** Creates the items due at `now` (London's today); answers how many were made. */
export async function createDueReturnToWorkItems(db: Db, now: Date = new Date()): Promise<{ created: number }> {
  const today = londonDate(now);
  let created = 0;
  for (;;) {
    const due = await withSystem(db, (trx) => findEndedSicknessWithoutItem(trx, { today, limit: BATCH }));
    // Each item in its company's own scope: notify() and the tenant policies expect it.
    let made = 0;
    for (const absence of due) {
      const id = await withTenant(db, absence.company_id, (trx) =>
        createReturnToWorkItem(trx, {
          companyId: absence.company_id,
          absenceId: absence.absence_id,
          userId: absence.user_id,
          firstDay: absence.start_date,
          lastDay: absence.end_date,
          actorId: null,
        }),
      );
      if (id !== null) made += 1;
    }
    created += made;
    // A full batch that made nothing would be found again: stop rather than spin.
    if (due.length < BATCH || made === 0) return { created };
  }
}
