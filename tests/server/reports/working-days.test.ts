// Migration 0035's working-day count, which the absence reports use instead of counting day by
// day: for any week of hours and any two dates, the same number as walking every day.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const day = fc
  .integer({ min: 0, max: 3_000 })
  .map((offset) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));

it('counts the worked days between two dates as walking each day would', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.constantFrom(0, 0, 4, 7.5), { minLength: 7, maxLength: 7 }), day, day, async (hours, first, last) => {
      const [row] = await ownerSql<{ quick: number; walked: number }>(
        t,
        sql`select working_days_between(working_day_counts(${hours}::float8[]), ${first}::date, ${last}::date) as quick,
              (select count(*)::int from generate_series(${first}::date, ${last}::date, interval '1 day') g(d)
               where (${hours}::float8[])[extract(isodow from g.d)::int] > 0) as walked`,
      );
      expect(row!.quick).toBe(row!.walked);
    }),
    { numRuns: 150 },
  );
});
