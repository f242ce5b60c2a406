import { sql, type Kysely } from 'kysely';

// Statutory Sick Pay needs each person's average weekly earnings (before tax, over the eight
// weeks before a sickness): a figure the employer enters or imports beside the employment
// details, in pounds; null until entered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_employment_details
      ADD COLUMN average_weekly_earnings numeric(10, 2)
        CHECK (average_weekly_earnings IS NULL OR (average_weekly_earnings >= 0 AND average_weekly_earnings < 100000))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_employment_details DROP COLUMN average_weekly_earnings`.execute(db);
}
