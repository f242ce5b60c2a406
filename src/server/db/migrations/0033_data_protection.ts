import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Data protection: a company's choices (may people export their own data; how long each kind
// of record is kept, in months, where it differs from the UK default) and the subject access
// exports a job builds. Owners and HR admins get both endpoints company-wide; employees may ask
// for their own export (the company setting decides whether they may).
const GRANTS: { role: string; endpoint: string; methods: string[]; type: string }[] = [
  { role: 'Owner', endpoint: '/api/personal-data-exports', methods: ['GET', 'POST', 'PUT', 'DELETE'], type: 'company' },
  { role: 'HR admin', endpoint: '/api/personal-data-exports', methods: ['GET', 'POST', 'PUT', 'DELETE'], type: 'company' },
  { role: 'Employee', endpoint: '/api/personal-data-exports', methods: ['GET', 'POST'], type: 'own' },
  { role: 'Owner', endpoint: '/api/data-protection', methods: ['GET', 'PUT'], type: 'company' },
  { role: 'HR admin', endpoint: '/api/data-protection', methods: ['GET', 'PUT'], type: 'company' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE privacy_settings (
      company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      self_export_allowed boolean NOT NULL DEFAULT false,
      -- Record kind → months kept, only where the company chose other than the default.
      retention jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await enableTenantRls(db, 'privacy_settings');

  await sql`
    CREATE TABLE personal_data_exports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status in ('queued', 'building', 'ready', 'failed', 'expired')),
      progress integer NOT NULL DEFAULT 0,
      total integer NOT NULL DEFAULT 0,
      file_id uuid REFERENCES files(id) ON DELETE SET NULL,
      size_bytes bigint,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      expires_at timestamptz,
      downloaded_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX personal_data_exports_company_idx ON personal_data_exports (company_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX personal_data_exports_queued_idx ON personal_data_exports (created_at) WHERE status in ('queued', 'building')`.execute(
    db,
  );
  await enableTenantRls(db, 'personal_data_exports');

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
  await sql`DELETE FROM role_permissions WHERE endpoint in ('/api/personal-data-exports', '/api/data-protection')`.execute(db);
  await db.schema.dropTable('personal_data_exports').ifExists().execute();
  await db.schema.dropTable('privacy_settings').ifExists().execute();
}
