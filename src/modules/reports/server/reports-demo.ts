// The reports demo: a year of sickness history for three people — one of them, Jack
// Robertson, crossing the first Bradford trigger point (51) — and a monthly e-mail of the
// absence report to the owner and Emily Walker (HR admin). Dates follow today; written once.
import type { Trx } from '../../../server/db/database';
import { addDays, londonDate, startOfWeek } from '../../../shared/dates';
import { claimReportsDemo, findDemoPeopleByEmail, insertDemoSickness, insertDemoSubscription } from './reports-demo.queries';

/** [e-mail, weeks ago (a Monday), working days off (Mon–Fri), reason]. */
const HISTORY: [string, number, number, string][] = [
  ['jack.robertson@demo.test', 44, 2, 'cold_flu'],
  ['jack.robertson@demo.test', 30, 1, 'headache_migraine'],
  ['jack.robertson@demo.test', 19, 3, 'stomach'],
  ['jack.robertson@demo.test', 9, 2, 'cold_flu'],
  ['sophia.ahmed@demo.test', 36, 5, 'musculoskeletal'],
  ['leo.thompson@demo.test', 25, 1, 'medical_appointment'],
  ['leo.thompson@demo.test', 13, 2, 'mental_health'],
];

export async function seedReportsDemo(
  trx: Trx,
  input: { companyId: string; accounts: Readonly<Record<string, string>>; today?: string },
): Promise<void> {
  const { companyId } = input;
  if (!(await claimReportsDemo(trx, companyId))) return;
  const today = input.today ?? londonDate(new Date());
  const monday = startOfWeek(today);
  const people = await findDemoPeopleByEmail(trx, {
    companyId,
    emails: [...new Set(HISTORY.map(([email]) => email)), 'emily.walker@demo.test'],
  });
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  for (const [email, weeksAgo, days, category] of HISTORY) {
    const userId = idOf(email);
    if (!userId) continue;
    const start = addDays(monday, -7 * weeksAgo);
    await insertDemoSickness(trx, { companyId, userId, start, end: addDays(start, days - 1), category, returnedOn: addDays(start, days) });
  }
  const owner = input.accounts['owner@demo.test'];
  const hr = idOf('emily.walker@demo.test');
  if (owner)
    await insertDemoSubscription(trx, { companyId, createdBy: owner, recipients: hr ? [owner, hr] : [owner], month: today.slice(0, 7) });
}
