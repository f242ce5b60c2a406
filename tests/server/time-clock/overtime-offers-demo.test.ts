// The demo of approved time feeding overtime and holiday, as the seed writes it: Leo Thompson's
// approved Monday 45 minutes past his shift waits for him as an overtime offer (an open to-do),
// and Jack Robertson, on the irregular-hours policy, has last week's approved hours accrued on
// his annual leave as a line of its own.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/app/server/seed';
import { ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
  await seedDemo(t.database.ownerDb);
}, 180_000);
afterAll(async () => t.close());

describe('the overtime offers and hours-worked accrual of the demo', () => {
  it('offers Leo his 45 minutes and accrues 12.07% of Jack’s approved hours', async () => {
    const offers = await ownerSql<{ status: string; extra_minutes: number; todo: boolean; description: string }>(
      t,
      sql`select o.status, o.extra_minutes, n.todo, n.description from time_clock_overtime_offers o
          join users u on u.id = o.user_id
          join notifications n on n.relates_to = 'overtime_offer' and n.relates_to_id = o.id::text
          where u.email = 'leo.thompson@demo.test'`,
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'open', todo: true });
    expect(offers[0]!.extra_minutes).toBeGreaterThan(15);
    expect(offers[0]!.description).toMatch(
      /^You worked \d+ (minutes|hour).* beyond your shift on \w{3} \d{1,2} \w{3} — claim it as overtime\?$/,
    );

    const lines = await ownerSql<{ reason: string; change: number }>(
      t,
      sql`select l.reason, l.change::float8 as change from user_absence_period_value_logs l join users u on u.id = l.user_id
          where u.email = 'jack.robertson@demo.test' and l.kind = 'hours_worked'`,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.reason).toMatch(/^Accrued from hours worked, week of \d{1,2} \w{3}: [\d.]+ h \(12\.07% of [\d.]+ h worked\)$/);
    expect(lines[0]!.change).toBeGreaterThan(0);
  });
});
