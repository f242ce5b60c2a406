import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Holiday (issue 32): leave sickness prevented, carried under WTR reg 13(10)–(11) as lines of
// their own beside the policy's carry-over — each line the value it is logged on, the leave
// year it arose in, its amount and its expiry 18 months after that year, and when it expired;
// the balance-log kinds for them; and the company's choice of rolled-up holiday pay for
// irregular-hours and part-year workers (WTR reg 16A), off unless chosen.
const KINDS_BEFORE = [
  'entitlement',
  'carry_over',
  'adjustment',
  'accrual',
  'hours_worked',
  'service',
  'expiry',
  'bank_holidays',
  'absence',
  'absence_cancelled',
  'imported',
];
const KINDS = [...KINDS_BEFORE, 'sickness_carry_over', 'sickness_expiry'];
const kindCheck = (kinds: readonly string[]) => sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;

async function replaceKindCheck(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'user_absence_period_value_logs'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%kind%'`.execute(db);
  for (const row of rows) await sql`ALTER TABLE user_absence_period_value_logs DROP CONSTRAINT ${sql.id(row.conname)}`.execute(db);
  await sql`ALTER TABLE user_absence_period_value_logs ADD CONSTRAINT user_absence_period_value_logs_kind_check CHECK (${kindCheck(kinds)})`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE leave_sickness_carry_overs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      value_id uuid NOT NULL REFERENCES user_absence_period_values(id) ON DELETE CASCADE,
      arose_start date NOT NULL,
      arose_end date NOT NULL,
      amount numeric(8, 2) NOT NULL CHECK (amount > 0),
      expires_on date NOT NULL,
      expired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (value_id, arose_start)
    )`.execute(db);
  await sql`CREATE INDEX leave_sickness_carry_overs_due_idx ON leave_sickness_carry_overs (expires_on) WHERE expired_at IS NULL`.execute(
    db,
  );
  await enableTenantRls(db, 'leave_sickness_carry_overs');
  await replaceKindCheck(db, KINDS);
  await sql`ALTER TABLE company_leave_settings ADD COLUMN rolled_up_holiday_pay boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_leave_settings DROP COLUMN rolled_up_holiday_pay`.execute(db);
  await sql`DELETE FROM user_absence_period_value_logs WHERE kind IN ('sickness_carry_over', 'sickness_expiry')`.execute(db);
  await replaceKindCheck(db, KINDS_BEFORE);
  await db.schema.dropTable('leave_sickness_carry_overs').ifExists().execute();
}
