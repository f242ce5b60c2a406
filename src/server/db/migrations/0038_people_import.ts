import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Importing people from a spreadsheet: each company's column mapping, remembered by header
// (header key → field, '' for a column left out) for its next import; the balance-log kind
// 'imported' for leave taken before the import (counted as taken); and the endpoint's grants
// for the owners and HR admins of companies made before it.
const VALUE_LOG_KINDS = [
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
const GRANTS: { role: string; endpoint: string; methods: string[]; type: string }[] = [
  { role: 'Owner', endpoint: '/api/people-import', methods: ['GET', 'POST'], type: 'company' },
  { role: 'HR admin', endpoint: '/api/people-import', methods: ['GET', 'POST'], type: 'company' },
];
const kindCheck = (kinds: readonly string[]) => sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;

/** The name PostgreSQL gave the column check of 0013 (or this migration's, when run again after a down). */
async function dropKindCheck(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'user_absence_period_value_logs'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%kind%'`.execute(db);
  for (const row of rows) await sql`ALTER TABLE user_absence_period_value_logs DROP CONSTRAINT ${sql.id(row.conname)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE people_import_mappings (
      company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      mapping jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await enableTenantRls(db, 'people_import_mappings');

  await dropKindCheck(db);
  await sql`ALTER TABLE user_absence_period_value_logs ADD CONSTRAINT user_absence_period_value_logs_kind_check CHECK (${kindCheck(VALUE_LOG_KINDS)})`.execute(
    db,
  );

  // As the role templates hold them when this migration was written.
  for (const g of GRANTS) {
    for (const method of g.methods) {
      await sql`
        INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
        SELECT r.id, r.company_id, ${g.endpoint}, ${method}, ${g.type} FROM roles r
        WHERE r.name = ${g.role} AND r.company_id IS NOT NULL
        ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_permissions WHERE endpoint = '/api/people-import'`.execute(db);
  await sql`DELETE FROM user_absence_period_value_logs WHERE kind = 'imported'`.execute(db);
  await dropKindCheck(db);
  await sql`ALTER TABLE user_absence_period_value_logs ADD CONSTRAINT user_absence_period_value_logs_kind_check CHECK (${kindCheck(VALUE_LOG_KINDS.filter((kind) => kind !== 'imported'))})`.execute(
    db,
  );
  await db.schema.dropTable('people_import_mappings').ifExists().execute();
}
