import { sql, type Kysely } from 'kysely';

// A person's history tab reads the audit log by its target (GET /api/audit-log?target_id=):
// without this index that is a scan of the company's whole log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (company_id, target_type, target_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS audit_log_target_idx`.execute(db);
}
