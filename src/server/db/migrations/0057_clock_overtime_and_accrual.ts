import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Approved time feeds payroll (issue 35): the company's threshold beyond which clocked time
// over a rostered shift is offered as overtime; each approved entry's offer, once per entry
// (open, claimed as an overtime report, dismissed, or withdrawn when the entry was edited);
// and the key of the week an hours-worked balance line comes from, so that re-approving a
// week corrects its line rather than adding a second one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE time_clock_settings
    ADD COLUMN overtime_offer_minutes integer NOT NULL DEFAULT 15 CHECK (overtime_offer_minutes BETWEEN 0 AND 240)`.execute(db);
  await sql`
    CREATE TABLE time_clock_overtime_offers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      entry_id uuid NOT NULL UNIQUE REFERENCES time_clock_entries(id) ON DELETE CASCADE,
      date date NOT NULL,
      extra_minutes integer NOT NULL CHECK (extra_minutes > 0),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'dismissed', 'withdrawn')),
      overtime_id uuid UNIQUE REFERENCES user_overtime(id) ON DELETE SET NULL,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX time_clock_overtime_offers_user_idx ON time_clock_overtime_offers (company_id, user_id, status)`.execute(db);
  await enableTenantRls(db, 'time_clock_overtime_offers');
  await sql`ALTER TABLE user_absence_period_value_logs ADD COLUMN source_key text`.execute(db);
  await sql`CREATE INDEX user_absence_period_value_logs_source_idx ON user_absence_period_value_logs (value_id, source_key)
    WHERE source_key IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_absence_period_value_logs DROP COLUMN source_key`.execute(db);
  await db.schema.dropTable('time_clock_overtime_offers').ifExists().execute();
  await sql`ALTER TABLE time_clock_settings DROP COLUMN overtime_offer_minutes`.execute(db);
}
