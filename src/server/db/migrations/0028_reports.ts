import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Reports: the company's Bradford factor trigger points, and the monthly e-mails of a chosen
// report to chosen people. Managers get the reports of their own departments (read only);
// owners and HR admins already hold /api/absence-reports company-wide.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_settings (
      company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      bradford_triggers integer[] NOT NULL DEFAULT '{51,201,401,651}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await enableTenantRls(db, 'report_settings');

  await sql`
    CREATE TABLE report_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      report_key text NOT NULL CHECK (report_key ~ '^[a-z_]{1,40}$'),
      group_by text,
      department_ids uuid[] NOT NULL DEFAULT '{}',
      recipient_ids uuid[] NOT NULL CHECK (cardinality(recipient_ids) BETWEEN 1 AND 50),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      -- The month (yyyy-MM) last sent, so a retried or repeated job sends each month once.
      last_sent_month text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX report_subscriptions_company_idx ON report_subscriptions (company_id)`.execute(db);
  await enableTenantRls(db, 'report_subscriptions');

  // As the Manager role template holds it when this migration was written.
  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, r.company_id, '/api/absence-reports', 'GET', 'department' FROM roles r
    WHERE r.name = 'Manager' AND r.company_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM role_permissions p USING roles r
    WHERE r.id = p.role_id AND r.name = 'Manager' AND p.endpoint = '/api/absence-reports' AND p.type = 'department'`.execute(db);
  await db.schema.dropTable('report_subscriptions').ifExists().execute();
  await db.schema.dropTable('report_settings').ifExists().execute();
}
