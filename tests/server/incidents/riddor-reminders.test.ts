// The owners' reminder before a RIDDOR deadline: an over-7-day injury (reported within 15 days
// of the accident) is not chased while the deadline is far off, is chased once five days before
// it (bell and e-mail to owners and HR admins), and never again, however many sweeps run.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRiddorReminders } from '../../../src/modules/incidents/server/incidents.service';
import type { IncidentDetail } from '../../../src/modules/incidents/incidents.contract';
import { addDays, londonDate, londonInstant } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { startTaskHarness, type TaskHarness } from '../../support/tasks-fixtures';

let h: TaskHarness;
beforeAll(async () => {
  h = await startTaskHarness();
}, 60_000);
afterAll(async () => h.t.close());

const reminded = async (id: string) =>
  ownerSql<{ user_id: string }>(h.t, sql`select user_id from notifications where description like ${`%/incident-log/${id}%`}`);

describe('RIDDOR deadline reminders', () => {
  it('reminds the owners once, five days before an over-7-day report is due', async () => {
    const today = londonDate(new Date());
    const accident = addDays(today, -2);
    const body = {
      occurred_at: londonInstant(accident, '11:00').toISOString(),
      location: 'Goods-in',
      person_kind: 'employee',
      person_user_id: h.company.people.employee.id,
      what_happened: 'Strained back lifting a box.',
      incapacity_last_day: addDays(accident, 8),
    };
    const res = await h.send('manager', 'POST', '/api/incident-log', body);
    const incident = res.json<IncidentDetail>();
    expect(incident.riddor).toMatchObject({ category: 'over_7_day', deadline: addDays(accident, 15) });
    expect(await reminded(incident.id)).toHaveLength(0);

    // Ten days before the deadline: too early.
    expect(await sendRiddorReminders(h.t.database.db, londonInstant(addDays(accident, 5), '12:00'))).toBe(0);
    // Five days before: once, to the owner and the HR admin, whatever number of sweeps.
    const fiveBefore = londonInstant(addDays(accident, 10), '12:00');
    const sent = await Promise.all([sendRiddorReminders(h.t.database.db, fiveBefore), sendRiddorReminders(h.t.database.db, fiveBefore)]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await sendRiddorReminders(h.t.database.db, londonInstant(addDays(accident, 12), '12:00'))).toBe(0);
    const told = await reminded(incident.id);
    expect(new Set(told.map((row) => row.user_id))).toEqual(new Set([h.company.people.owner.id, h.company.people.hr.id]));
    expect(told).toHaveLength(2);
  });
});
