import { sql, type Kysely } from 'kysely';

// One expense claim may hold receipt items and mileage journeys together: a claim's kind is
// what it holds ('expense', 'mileage' or, new, 'mixed'), worked out from its lines on every
// write. Claims made before keep the kind they have (each held one kind, so it is still true).
// A document made from a template remembers who its wording says signs it ('company',
// 'employee', in the order they sign), so sending it to sign proposes each of them; documents
// made before say nothing and keep their signers as chosen.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE expense_claims DROP CONSTRAINT IF EXISTS expense_claims_claim_type_check`.execute(db);
  await sql`ALTER TABLE expense_claims ADD CONSTRAINT expense_claims_claim_type_check
            CHECK (claim_type IN ('expense', 'mileage', 'mixed'))`.execute(db);
  await sql`ALTER TABLE documents ADD COLUMN signing_parties text[] NOT NULL DEFAULT '{}'
            CHECK (signing_parties <@ ARRAY['company', 'employee']::text[])`.execute(db);
}
