// The demo documents' note: the seed leaves one for the company (documents are made once file
// storage is open), and the first start after it claims every note, once.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { DemoPayload } from './documents-tables';

export async function insertDemoNote(db: DbOrTrx, input: { companyId: string; payload: DemoPayload }): Promise<void> {
  await db
    .insertInto('document_demo_pending')
    .values({ company_id: input.companyId, payload: JSON.stringify(input.payload) })
    .execute();
}

/** Deletes and returns every note left: each is made into documents by whoever claimed it. */
export async function claimDemoNotes(db: DbOrTrx): Promise<{ company_id: string; payload: DemoPayload }[]> {
  return db.deleteFrom('document_demo_pending').returning(['company_id', 'payload']).execute();
}

/** A demo person's department, for the session the demo's documents are made in. */
export async function findDepartmentOf(db: DbOrTrx, userId: string): Promise<string | null> {
  const rows = await sql<{ department_id: string | null }>`select department_id from users where id = ${userId}`.execute(db);
  return rows.rows[0]?.department_id ?? null;
}

/** The company's copy of a starter template. */
export async function findStarterTemplateId(db: DbOrTrx, input: { companyId: string; key: string }): Promise<string> {
  const rows = await sql<{
    id: string;
  }>`select id from document_templates where company_id = ${input.companyId} and starter_key = ${input.key}`.execute(db);
  return rows.rows[0]!.id;
}
